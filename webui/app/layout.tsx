import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { FeedbackHost } from "@/components/feedback-host";
import { ErrorRecorder } from "@/components/site/error-recorder";
import { DARK_MODE_BOOT_SCRIPT } from "@/lib/preferences";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("app");
  return { title: `${t("name")} · ${t("tagline")}` };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: DARK_MODE_BOOT_SCRIPT }} />
      </head>
      <body>
        <NextIntlClientProvider>
          {children}
          <FeedbackHost />
          <ErrorRecorder />
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
