/** The locally persisted project config (SPEC §3) used by the shell: dark mode, menu and header colours. */
export interface Preferences {
  darkMode: boolean;
  collapsed: boolean;
  headerBg: string;
  menuBg: string;
  themeColor: string;
}

export const DEFAULT_PREFERENCES: Preferences = {
  darkMode: false,
  collapsed: false,
  headerBg: "#ffffff",
  menuBg: "#001529",
  themeColor: "#0960bd",
};

const KEY = "zhitu.projectConfig";
const listeners = new Set<() => void>();
let cached: Preferences | null = null;

export function getPreferences(): Preferences {
  if (cached) return cached;
  if (typeof window === "undefined") return DEFAULT_PREFERENCES;
  try {
    cached = { ...DEFAULT_PREFERENCES, ...(JSON.parse(window.localStorage.getItem(KEY) ?? "{}") as Partial<Preferences>) };
  } catch {
    cached = DEFAULT_PREFERENCES;
  }
  return cached;
}

export function setPreferences(patch: Partial<Preferences>): void {
  cached = { ...getPreferences(), ...patch };
  window.localStorage.setItem(KEY, JSON.stringify(cached));
  applyDarkClass(cached.darkMode);
  listeners.forEach((listener) => listener());
}

export function subscribePreferences(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function applyDarkClass(dark: boolean): void {
  if (typeof document !== "undefined") document.documentElement.classList.toggle("dark", dark);
}

/** Run before paint so a dark page never flashes light. */
export const DARK_MODE_BOOT_SCRIPT = `try{var p=JSON.parse(localStorage.getItem(${JSON.stringify(KEY)})||"{}");if(p.darkMode)document.documentElement.classList.add("dark")}catch(e){}`;
