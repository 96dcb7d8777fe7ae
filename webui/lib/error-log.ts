/** Request errors are kept in an error log (SPEC §8) that the error-log page lists. */
export interface ErrorLogEntry {
  time: string;
  method: string;
  url: string;
  status: number | null;
  message: string;
}

const KEY = "zhitu.errorLog";
const LIMIT = 200;

export function readErrorLog(): ErrorLogEntry[] {
  if (typeof window === "undefined") return [];
  try {
    return JSON.parse(window.localStorage.getItem(KEY) ?? "[]") as ErrorLogEntry[];
  } catch {
    return [];
  }
}

export function recordError(entry: Omit<ErrorLogEntry, "time">): void {
  if (typeof window === "undefined") return;
  const log = [{ ...entry, time: new Date().toISOString() }, ...readErrorLog()].slice(0, LIMIT);
  window.localStorage.setItem(KEY, JSON.stringify(log));
}

export function clearErrorLog(): void {
  if (typeof window !== "undefined") window.localStorage.removeItem(KEY);
}

/** Method shown for an uncaught script error or rejected promise (no request behind it). */
export const SCRIPT_ERROR_METHOD = "JS";

/** Records uncaught script errors and unhandled rejections of this page; returns the remover. */
export function recordScriptErrors(target: Window): () => void {
  const onError = (event: ErrorEvent) =>
    recordError({ method: SCRIPT_ERROR_METHOD, url: event.filename || target.location.pathname, status: null, message: event.message });
  const onRejection = (event: PromiseRejectionEvent) => {
    const reason = event.reason as { message?: string; name?: string } | undefined;
    // Our own request failures are logged by the client already, with their status.
    if (reason?.name === "ApiError") return;
    recordError({ method: SCRIPT_ERROR_METHOD, url: target.location.pathname, status: null, message: reason?.message ?? String(event.reason) });
  };
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
