/**
 * The display part of the project config (SPEC §3) that the settings drawer adds to the shell's
 * preferences (dark mode, colours, collapsed menu live in lib/preferences.ts): persisted locally,
 * applied at once to <html> as CSS variables and data attributes.
 */
export interface DisplaySettings {
  contentMode: "full" | "fixed";
  showBreadCrumb: boolean;
  showBreadCrumbIcon: boolean;
  grayMode: boolean;
  colorWeak: boolean;
  openKeepAlive: boolean;
  useOpenBackTop: boolean;
  showSettingButton: boolean;
  settingButtonPosition: "header" | "fixed";
  showFooter: boolean;
}

export const DEFAULT_DISPLAY: DisplaySettings = {
  contentMode: "full",
  showBreadCrumb: true,
  showBreadCrumbIcon: false,
  grayMode: false,
  colorWeak: false,
  // Off unless chosen: kept pages stay in the document (hidden), which a user asks for, not gets by surprise.
  openKeepAlive: false,
  useOpenBackTop: true,
  showSettingButton: true,
  settingButtonPosition: "fixed",
  showFooter: false,
};

/** Theme colours offered in the drawer (the first is SPEC §9's #0960bd). */
export const THEME_COLOURS = ["#0960bd", "#0084f4", "#009688", "#536dfe", "#ff5c93", "#ee4f12", "#0096c7", "#9c27b0", "#ff9800"];
export const HEADER_COLOURS = ["#ffffff", "#151515", "#009688", "#5172dc", "#018ffb", "#409eff", "#e74c3c", "#24292e", "#394664", "#001529", "#383f45"];
export const MENU_COLOURS = ["#001529", "#212121", "#273352", "#ffffff", "#191b24", "#191a23", "#304156", "#001628", "#28333e", "#344058", "#383f45"];

const KEY = "zhitu.projectConfig.display";
const listeners = new Set<() => void>();
let cached: DisplaySettings | null = null;

export function getDisplay(): DisplaySettings {
  if (cached) return cached;
  if (typeof window === "undefined") return DEFAULT_DISPLAY;
  try {
    cached = { ...DEFAULT_DISPLAY, ...(JSON.parse(window.localStorage.getItem(KEY) ?? "{}") as Partial<DisplaySettings>) };
  } catch {
    cached = DEFAULT_DISPLAY;
  }
  return cached;
}

export function setDisplay(patch: Partial<DisplaySettings>): void {
  cached = { ...getDisplay(), ...patch };
  window.localStorage.setItem(KEY, JSON.stringify(cached));
  listeners.forEach((listener) => listener());
}

export function resetDisplay(): void {
  cached = DEFAULT_DISPLAY;
  window.localStorage.removeItem(KEY);
  listeners.forEach((listener) => listener());
}

export function subscribeDisplay(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The CSS filter of grey and colour-weak modes (both may be on). */
export function pageFilter(settings: Pick<DisplaySettings, "grayMode" | "colorWeak">): string {
  return [settings.grayMode ? "grayscale(100%)" : "", settings.colorWeak ? "invert(80%)" : ""].filter(Boolean).join(" ") || "none";
}

/** Attributes and variables put on <html>. */
export function htmlAttributes(settings: DisplaySettings, themeColor: string): { data: Record<string, string>; style: Record<string, string> } {
  return {
    data: { content: settings.contentMode, breadcrumb: settings.showBreadCrumb ? "on" : "off" },
    style: { "--primary": themeColor, filter: pageFilter(settings) },
  };
}

/** Asks the settings host to open the drawer (the header offers this when the gear is hidden). */
export const OPEN_SETTINGS_EVENT = "zhitu:open-settings";
export function openSettings(): void {
  window.dispatchEvent(new Event(OPEN_SETTINGS_EVENT));
}
