/**
 * The one fetch client (SPEC §7, §8): bearer token, Accept-Language, 30 s timeout, duplicate
 * cancelling, token refresh under 5 minutes, and the error catalogue.
 */
import { recordError } from "../error-log";
import { showConflict, showModal, toast } from "../feedback";
import { currentLocale } from "../locale";
import { getSession, markSessionTimeout, setSession, storeRedirect, type Session } from "../session";
import { needsRefresh } from "../token-timing";

export const API_BASE = "/basic-api";
export const TIMEOUT_MS = 30_000;
export const FORM_TIMEOUT_MS = 20_000;
export const UPLOAD_TIMEOUT_MS = 600_000;
const STANDARD_STATUSES = [400, 403, 404, 405, 408, 500, 501, 502, 503, 504, 505];

export interface Envelope<T> {
  code: number;
  message: string;
  result: T;
  reason?: string;
  /** A form's invalid fields, all at once: field name → message (reason "form"). */
  errors?: Record<string, string>;
}

export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code: number | null,
    readonly reason?: string,
    /** Field name → message when the server refused a form's fields (shown under each field, not as a toast). */
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export interface RequestOptions {
  query?: Record<string, string | number | boolean | null | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  timeoutMs?: number;
  /** Do not show failures to the user (callers that handle them, SPEC §7 "swallowed silently"). */
  silent?: boolean;
  /** Skip the token (login, refresh). */
  anonymous?: boolean;
  /** The answer is a file (exports): resolve to a Download instead of the JSON envelope. */
  binary?: boolean;
}

export interface Download {
  blob: Blob;
  fileName: string;
}

function fileNameOf(response: Response): string {
  const disposition = response.headers.get("Content-Disposition") ?? "";
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : "download";
}

const pending = new Map<string, AbortController>();
let refreshing: Promise<void> | null = null;
let timeoutShown = false;

function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ""}`;
}

function goToLogin(): void {
  if (typeof window === "undefined") return;
  const here = window.location.pathname + window.location.search;
  if (window.location.pathname !== "/login") {
    storeRedirect(here);
    window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
  }
}

export function endSession(): void {
  setSession(null);
  goToLogin();
}

async function refreshToken(session: Session): Promise<void> {
  const response = await fetch(`${API_BASE}/api/Authorize/refresh`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Accept-Language": currentLocale() },
    body: JSON.stringify({ refreshToken: session.refreshToken }),
  });
  const body = (await response.json().catch(() => null)) as Envelope<Session> | null;
  if (!response.ok || !body || body.code !== 0) {
    // SPEC §7: a failed refresh sends the user to sign in again.
    markSessionTimeout(true);
    endSession();
    throw new ApiError(body?.message ?? "refresh failed", response.status, body?.code ?? null, body?.reason);
  }
  setSession(body.result);
}

async function ensureFreshToken(): Promise<void> {
  const session = getSession();
  if (!session || !needsRefresh(session.expiresAt)) return;
  refreshing ??= refreshToken(session).finally(() => {
    refreshing = null;
  });
  await refreshing;
}

function fail(message: { key?: string; text?: string }, silent: boolean | undefined, entry: { method: string; url: string; status: number | null }, error: ApiError): never {
  recordError({ ...entry, message: error.message });
  if (!silent) toast("error", message);
  throw error;
}

function handleUnauthorised(body: Envelope<unknown> | null): void {
  if (body?.reason === "replaced") {
    showModal({ titleKey: "duplicateLoginTitle", key: "duplicateLogin", onClose: endSession });
    return;
  }
  markSessionTimeout(true);
  endSession();
}

export async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  if (!options.anonymous) await ensureFreshToken();
  const url = buildUrl(path, options.query);
  const key = `${method} ${url}`;
  pending.get(key)?.abort();
  const controller = new AbortController();
  pending.set(key, controller);
  let timedOut = false;
  const timeoutMs = options.timeoutMs ?? (options.form ? FORM_TIMEOUT_MS : options.multipart ? UPLOAD_TIMEOUT_MS : TIMEOUT_MS);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  const headers: Record<string, string> = { "Accept-Language": currentLocale() };
  const session = getSession();
  if (session && !options.anonymous) headers.Authorization = `Bearer ${session.accessToken}`;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers["Content-Type"] = "application/json";
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  } else if (options.multipart) {
    body = options.multipart;
  }
  const entry = { method, url, status: null as number | null };

  let response: Response;
  try {
    response = await fetch(url, { method, headers, body, signal: controller.signal });
  } catch (cause) {
    clearTimeout(timer);
    if (pending.get(key) === controller) pending.delete(key);
    if (timedOut) {
      // SPEC §8: the timeout message once, silent on repeats.
      const shown = timeoutShown;
      timeoutShown = true;
      return fail({ key: "timeout" }, options.silent || shown, entry, new ApiError("timeout", null, null));
    }
    if (controller.signal.aborted) throw new ApiError("cancelled", null, null, "cancelled");
    return fail({ key: "network" }, options.silent, entry, new ApiError(String(cause), null, null));
  }
  clearTimeout(timer);
  if (pending.get(key) === controller) pending.delete(key);
  entry.status = response.status;

  if (options.binary && response.ok && !(response.headers.get("Content-Type") ?? "").includes("application/json")) {
    return { blob: await response.blob(), fileName: fileNameOf(response) } as T;
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (response.status === 401) {
    recordError({ ...entry, message: envelope?.message ?? "401" });
    handleUnauthorised(envelope);
    throw new ApiError(envelope?.message ?? "401", 401, 401, envelope?.reason);
  }
  if (!response.ok) {
    const serverText = envelope?.message;
    const preferServer = response.status === 400 || response.status === 500;
    const message = preferServer && serverText ? { text: serverText } : STANDARD_STATUSES.includes(response.status) ? { key: `http${response.status}` } : { key: "failed" };
    return fail(message, options.silent, entry, new ApiError(serverText ?? String(response.status), response.status, envelope?.code ?? null));
  }
  if (!envelope) return fail({ key: "failed" }, options.silent, entry, new ApiError("bad answer", response.status, null));
  timeoutShown = false;
  if (envelope.code === 0) return envelope.result;
  if (envelope.reason === "conflict") {
    // SPEC §8 / DESIGN: a stale edit shows the conflict and offers to reload, never a bare toast.
    recordError({ ...entry, message: envelope.message });
    if (!options.silent) showConflict(envelope.message);
    throw new ApiError(envelope.message, response.status, envelope.code, envelope.reason);
  }
  const message = envelope.message ? { text: envelope.message } : { key: "failed" };
  // A form's field messages are shown under the fields by the form itself (FormDialog): no toast.
  const formErrors = envelope.reason === "form" && envelope.errors ? envelope.errors : undefined;
  return fail(message, options.silent || !!formErrors, entry, new ApiError(envelope.message, response.status, envelope.code, envelope.reason, formErrors));
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => request<T>("GET", path, options),
  post: <T>(path: string, options?: RequestOptions) => request<T>("POST", path, options),
  put: <T>(path: string, options?: RequestOptions) => request<T>("PUT", path, options),
  delete: <T>(path: string, options?: RequestOptions) => request<T>("DELETE", path, options),
};
