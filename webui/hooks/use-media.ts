"use client";
import { useSyncExternalStore } from "react";

/** SPEC §2: the mobile layout applies below 992 px. */
export const MOBILE_BELOW = 992;

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(`(max-width: ${MOBILE_BELOW - 1}px)`);
      query.addEventListener("change", listener);
      return () => query.removeEventListener("change", listener);
    },
    () => window.matchMedia(`(max-width: ${MOBILE_BELOW - 1}px)`).matches,
    () => false,
  );
}

/** Issue 17: phones (under 768 px) get one pane at a time (outline or map) and a folded legend. */
export const PHONE_BELOW = 768;

export function useIsPhone(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(`(max-width: ${PHONE_BELOW - 1}px)`);
      query.addEventListener("change", listener);
      return () => query.removeEventListener("change", listener);
    },
    () => window.matchMedia(`(max-width: ${PHONE_BELOW - 1}px)`).matches,
    () => false,
  );
}
