/** The signed-in session, kept in localStorage and shared with components through a tiny store. */
import type { RoleCode } from "./roles";

export interface Profile {
  Id: number;
  Name: string;
  UserName: string;
  UnitName: string | null;
  Role: RoleCode;
  Photo: string | null;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  expiresAt: number;
  profile: Profile;
}

const KEY = "zhitu.session";
const TIMEOUT_FLAG = "zhitu.sessionTimeout";
const REDIRECT_KEY = "zhitu.redirect";
const listeners = new Set<() => void>();
let cached: Session | null | undefined;

function storage(): Storage | null {
  return typeof window === "undefined" ? null : window.localStorage;
}

export function getSession(): Session | null {
  if (cached !== undefined) return cached;
  const raw = storage()?.getItem(KEY);
  try {
    cached = raw ? (JSON.parse(raw) as Session) : null;
  } catch {
    cached = null;
  }
  return cached;
}

export function setSession(session: Session | null): void {
  cached = session;
  if (session) storage()?.setItem(KEY, JSON.stringify(session));
  else storage()?.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) {
      cached = undefined;
      listener();
    }
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** A 401 of an expired session sets this flag; the login page explains it. */
export function markSessionTimeout(on: boolean): void {
  if (typeof window === "undefined") return;
  if (on) window.sessionStorage.setItem(TIMEOUT_FLAG, "1");
  else window.sessionStorage.removeItem(TIMEOUT_FLAG);
}

export function sessionTimedOut(): boolean {
  return typeof window !== "undefined" && window.sessionStorage.getItem(TIMEOUT_FLAG) === "1";
}

export function storeRedirect(path: string): void {
  if (typeof window !== "undefined") window.sessionStorage.setItem(REDIRECT_KEY, path);
}

export function takeRedirect(): string | null {
  if (typeof window === "undefined") return null;
  const path = window.sessionStorage.getItem(REDIRECT_KEY);
  window.sessionStorage.removeItem(REDIRECT_KEY);
  return path;
}
