"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { Button } from "@/components/ui/button";

export default function ExceptionPage() {
  const t = useTranslations("exception");
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center" data-testid="exception">
      <div className="text-6xl font-bold text-primary">403</div>
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p className="text-sm text-muted">{t("description")}</p>
      <Button asChild>
        <Link href="/home">{t("back")}</Link>
      </Button>
    </div>
  );
}
