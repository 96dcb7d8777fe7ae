/** Single sign-on (SPEC §2): the authorize-redirect URL and where a traded ticket leads. */
import { API_BASE } from "../api/client";

export type SsoMode = "list" | "detail";

/** The server's authorize-redirect, sent back to `${origin}/sso/` + "{ticket}/{mode}". */
export function authorizeRedirectUrl(origin: string, mode: SsoMode = "list"): string {
  return `${API_BASE}/api/authorize/redirect?homeUrl=${encodeURIComponent(`${origin}/sso/`)}&mode=${mode}`;
}

/** After the trade: a stored same-site redirect first, else by jump type (list: home page; detail: the graphs). */
export function ssoTarget(mode: string | null | undefined, stored: string | null): string {
  if (stored && stored.startsWith("/") && !stored.startsWith("//") && !stored.startsWith("/login") && !stored.startsWith("/sso")) return stored;
  return mode === "detail" ? "/knowledgeGraph/index" : "/home";
}

/** SMS codes: 6 digits; a phone is 11 digits starting with 1; one send a minute. */
export const SMS_RESEND_SECONDS = 60;
export function isTel(value: string): boolean {
  return /^1\d{10}$/.test(value.trim());
}
export function isSmsCode(value: string): boolean {
  return /^\d{6}$/.test(value.trim());
}
