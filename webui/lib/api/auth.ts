/** Sign-in calls (SPEC §7 Authentication). */
import { api } from "./client";
import { markSessionTimeout, setSession, type Profile, type Session } from "../session";

export async function login(userName: string, password: string): Promise<Session> {
  const session = await api.post<Session>("/api/Authorize/login", { json: { userName, password }, anonymous: true });
  markSessionTimeout(false);
  setSession(session);
  return session;
}

export async function logout(): Promise<void> {
  try {
    await api.get<null>("/api/Authorize/logout", { silent: true });
  } finally {
    setSession(null);
  }
}

export function fetchProfile(): Promise<Profile> {
  return api.get<Profile>("/api/Authorize/profile");
}
