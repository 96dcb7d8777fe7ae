"use client";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { Select } from "@/components/ui/select";
import { LOCALES, rememberLocale, type Locale } from "@/lib/locale";

const LABELS: Record<Locale, string> = { "zh-CN": "简体中文", en: "English" };

/** Switches at once (a cookie read by the server, then a refresh) and is remembered. */
export function LanguagePicker({ className }: { className?: string }) {
  const t = useTranslations("shell");
  const locale = useLocale() as Locale;
  const router = useRouter();
  return (
    <Select
      className={className}
      aria-label={t("language")}
      data-testid="language-picker"
      value={locale}
      onChange={(event) => {
        rememberLocale(event.target.value as Locale);
        router.refresh();
      }}
    >
      {LOCALES.map((value) => (
        <option key={value} value={value}>
          {LABELS[value]}
        </option>
      ))}
    </Select>
  );
}
