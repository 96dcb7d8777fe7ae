/** Header and sidebar colour rules (SPEC §4) and the hex check (SPEC §5). */
export const THEME_COLOR = "#0960bd";
export const DARK_HEADER_BG = "#151515";
export const DARK_SIDEBAR_BG = "#212121";
export const LUMINANCE_DARK_BELOW = 192;

export function isHexColor(value: string): boolean {
  return /^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

function rgb(hex: string): [number, number, number] {
  if (!isHexColor(hex)) throw new Error(`not a hex colour: ${hex}`);
  let digits = hex.slice(1);
  if (digits.length === 3) digits = digits.split("").map((c) => c + c).join("");
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16)) as [number, number, number];
}

/** Perceived brightness 0–255 (ITU-R BT.601 weights). */
export function luminance(hex: string): number {
  const [r, g, b] = rgb(hex);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

export type Theme = "light" | "dark";

/** The header is dark if its background luminance is below 192 or dark mode is on. */
export function headerTheme(background: string, darkMode: boolean): Theme {
  return darkMode || luminance(background) < LUMINANCE_DARK_BELOW ? "dark" : "light";
}

/** The sidebar is light only if its background is white and dark mode is off. */
export function sidebarTheme(background: string, darkMode: boolean): Theme {
  const white = ["#fff", "#ffffff"].includes(background.toLowerCase());
  return white && !darkMode ? "light" : "dark";
}

export interface ShellColors {
  headerBg: string;
  sidebarBg: string;
  headerTheme: Theme;
  sidebarTheme: Theme;
}

/** Dark mode recomputes the header and sidebar colours. */
export function shellColors(headerBg: string, sidebarBg: string, darkMode: boolean): ShellColors {
  const header = darkMode ? DARK_HEADER_BG : headerBg;
  const sidebar = darkMode ? DARK_SIDEBAR_BG : sidebarBg;
  return {
    headerBg: header,
    sidebarBg: sidebar,
    headerTheme: headerTheme(header, darkMode),
    sidebarTheme: sidebarTheme(sidebar, darkMode),
  };
}

/** WCAG relative luminance 0–1 of a #rrggbb colour. */
function relativeLuminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((channel) => {
    const c = channel / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** White or near-black, whichever reads better on `background` (entity colours vary by template). */
export function readableOn(background: string): string {
  if (!isHexColor(background)) return "#ffffff";
  const l = relativeLuminance(background);
  return 1.05 / (l + 0.05) >= (l + 0.05) / (0.0125 + 0.05) ? "#ffffff" : "#1f1f1f";
}
