/** SMS-code and single sign-on calls (service/routes/auth.py). */
import { api } from "./client";
import { markSessionTimeout, setSession, type Session } from "../session";

export function sendSmsCode(tel: string) {
  return api.get<{ resendAfter: number; expiresIn: number }>("/api/authorize/sms", { query: { mode: "login", tel: tel.trim() }, anonymous: true });
}

export async function smsLogin(tel: string, code: string): Promise<Session> {
  const session = await api.post<Session>("/api/authorize/smslogin", { json: { tel: tel.trim(), code: code.trim() }, anonymous: true });
  markSessionTimeout(false);
  setSession(session);
  return session;
}

/** The answer names where to jump: the mode and, in detail mode, the graph and its template kind. */
export async function ssoLogin(ticket: string): Promise<{ session: Session; mode: string; graphId: number | null; templateKind: string | null }> {
  const answer = await api.post<Session & { mode: string; graphId?: number | null; templateKind?: string | null }>("/api/authorize/ssoLogin", {
    json: { ticket },
    anonymous: true,
    silent: true,
  });
  const { mode, graphId = null, templateKind = null, ...session } = answer;
  markSessionTimeout(false);
  setSession(session);
  return { session, mode, graphId, templateKind };
}
