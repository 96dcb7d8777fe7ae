"use client";
import { useSyncExternalStore } from "react";
import { DEFAULT_PREFERENCES, getPreferences, subscribePreferences, type Preferences } from "@/lib/preferences";

export function usePreferences(): Preferences {
  return useSyncExternalStore(subscribePreferences, getPreferences, () => DEFAULT_PREFERENCES);
}
