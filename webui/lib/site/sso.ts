/** Single sign-on (SPEC §2): the authorize-redirect URL and where a traded ticket leads. */
import { API_BASE } from "../api/client";

export type SsoMode = "list" | "detail";

/** The server's authorize-redirect, sent back to `${origin}/sso/` + "{ticket}/{mode}"; detail names the graph to open. */
export function authorizeRedirectUrl(origin: string, mode: SsoMode = "list", graphId?: number | string | null): string {
  const graph = mode === "detail" && graphId ? `&graphId=${encodeURIComponent(String(graphId))}` : "";
  return `${API_BASE}/api/authorize/redirect?homeUrl=${encodeURIComponent(`${origin}/sso/`)}&mode=${mode}${graph}`;
}

/** Where the traded ticket says to go: the mode, and for detail the graph with its template kind. */
export interface SsoJump {
  mode?: string | null;
  graphId?: number | null;
  templateKind?: string | null;
}

/** The screen a graph opens in by its template kind (SPEC §2 "detail opens a graph by type"). */
export function graphScreenByKind(graphId: number, templateKind: string | null | undefined): string {
  if (templateKind === "majorAbilityTarget") return `/major_graph/${graphId}`;
  if (templateKind === "majorTeaching") return `/training_plan/${graphId}`;
  if (templateKind === "courseAbility" || templateKind === "course") return `/course_graph/${graphId}`;
  return `/knowledgeGraph/knowledgeTree/${graphId}`;
}

/** After the trade: a stored same-site redirect first, else by jump type (list: home page; detail: the graph by its
 * type, or the graph list when the ticket carries no graph the user may still read). */
export function ssoTarget(jump: SsoJump | string | null | undefined, stored: string | null): string {
  // A stored way back into the authorize-redirect itself (left by a sign-in it started) would loop: not a target.
  const page = stored && stored.startsWith("/") && !stored.startsWith("//") && !stored.startsWith(API_BASE);
  if (page && !stored.startsWith("/login") && !stored.startsWith("/sso")) return stored;
  const { mode, graphId, templateKind } = typeof jump === "object" && jump !== null ? jump : { mode: jump, graphId: null, templateKind: null };
  if (mode !== "detail") return "/home";
  return graphId ? graphScreenByKind(graphId, templateKind) : "/knowledgeGraph/index";
}

/** SMS codes: 6 digits; a phone is 11 digits starting with 1; one send a minute. */
export const SMS_RESEND_SECONDS = 60;
export function isTel(value: string): boolean {
  return /^1\d{10}$/.test(value.trim());
}
export function isSmsCode(value: string): boolean {
  return /^\d{6}$/.test(value.trim());
}
