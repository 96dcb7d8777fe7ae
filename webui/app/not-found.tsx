import { getTranslations } from "next-intl/server";
import { StatusPage } from "@/components/status-page";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return <StatusPage code="404" title={t("title")} description={t("description")} back={t("back")} testId="not-found" />;
}
