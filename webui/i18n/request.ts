import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, normaliseLocale } from "../lib/locale";

// No i18n routing: the SPEC's routes carry no locale, so the locale comes from a cookie.
export default getRequestConfig(async () => {
  const store = await cookies();
  const locale = normaliseLocale(store.get(LOCALE_COOKIE)?.value);
  return { locale, messages: (await import(`../messages/${locale}.json`)).default };
});
