/** The interface language: a NEXT_LOCALE cookie read by the server, mirrored in localStorage. */
export const LOCALES = ["zh-CN", "en"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "zh-CN";
export const LOCALE_COOKIE = "NEXT_LOCALE";

export function normaliseLocale(value: string | null | undefined): Locale {
  return value && value.toLowerCase().startsWith("en") ? "en" : DEFAULT_LOCALE;
}

export function currentLocale(): Locale {
  if (typeof document === "undefined") return DEFAULT_LOCALE;
  const match = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`));
  return normaliseLocale(match ? decodeURIComponent(match[1]) : window.localStorage.getItem("zhitu.locale"));
}

export function rememberLocale(locale: Locale): void {
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; path=/; max-age=31536000; samesite=lax`;
  window.localStorage.setItem("zhitu.locale", locale);
}
