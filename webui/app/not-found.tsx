import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { Button } from "@/components/ui/button";

export default async function NotFound() {
  const t = await getTranslations("notFound");
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-3 p-6 text-center" data-testid="not-found">
      <div className="text-6xl font-bold text-primary">404</div>
      <h1 className="text-xl font-semibold">{t("title")}</h1>
      <p className="text-sm text-muted">{t("description")}</p>
      <Button asChild>
        <Link href="/home">{t("back")}</Link>
      </Button>
    </div>
  );
}
