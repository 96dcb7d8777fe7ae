"use client";
import { useSyncExternalStore } from "react";
import { getSession, subscribeSession, type Session } from "@/lib/session";

export function useSession(): Session | null | undefined {
  // undefined while rendering on the server: the session lives in the browser only.
  return useSyncExternalStore(subscribeSession, getSession, () => undefined);
}
