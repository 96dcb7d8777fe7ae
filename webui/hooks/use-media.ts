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
