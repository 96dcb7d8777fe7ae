"use client";
import { useTranslations } from "next-intl";
import { StatusPage } from "@/components/status-page";

export default function ExceptionPage() {
  const t = useTranslations("exception");
  return <StatusPage code="403" title={t("title")} description={t("description")} back={t("back")} testId="exception" />;
}
