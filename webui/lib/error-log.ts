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
