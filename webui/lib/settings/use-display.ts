"use client";
import { useSyncExternalStore } from "react";
import { DEFAULT_DISPLAY, getDisplay, subscribeDisplay, type DisplaySettings } from "./display";

/** The display settings of the project config, re-rendering when the drawer changes them. */
export function useDisplay(): DisplaySettings {
  return useSyncExternalStore(subscribeDisplay, getDisplay, () => DEFAULT_DISPLAY);
}
