import { cookies } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { LOCALE_COOKIE, normaliseLocale } from "../lib/locale";
import { mergeMessages } from "../lib/merge-messages";

// No i18n routing: the SPEC's routes carry no locale, so the locale comes from a cookie.
export default getRequestConfig(async () => {
  const store = await cookies();
  const locale = normaliseLocale(store.get(LOCALE_COOKIE)?.value);
  const main = (await import(`../messages/${locale}.json`)).default;
  const portal = (await import(`../messages/portal/${locale}.json`)).default;
  const attainment = (await import(`../messages/attainment/${locale}.json`)).default;
  return { locale, messages: mergeMessages(main, portal, attainment) };
});
