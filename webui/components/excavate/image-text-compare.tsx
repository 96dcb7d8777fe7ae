"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { ComparePageView } from "@/components/excavate/compare-page-view";
import { SitePage } from "@/components/site/site-header";
import { Button } from "@/components/ui/button";
import { useSession } from "@/hooks/use-session";
import { sourceApi, type ComparePage } from "@/lib/api/excavate";

/** /image_text_compare/{sourceId}: each page's image beside its recognised lines; hover links the two. */
export function ImageTextCompare({ sourceId }: { sourceId: number }) {
  const t = useTranslations("excavate.compare");
  const session = useSession();
  const { data, error } = useSWR(session ? ["compare", sourceId] : null, () => sourceApi.compare(sourceId));
  return (
    <SitePage wide>
      {session === null && (
        <div className="flex flex-col items-center gap-3 rounded-lg bg-card p-10 text-center" data-testid="compare-sign-in">
          <p className="text-muted">{t("signInFirst")}</p>
          <Button asChild>
            <Link href={`/login?redirect=${encodeURIComponent(`/image_text_compare/${sourceId}`)}`}>{t("signIn")}</Link>
          </Button>
        </div>
      )}
      {error && <p className="p-10 text-center text-muted">{t("missing")}</p>}
      {data && (
        <div className="flex flex-col gap-4" data-testid="image-text-compare">
          <h1 className="text-xl font-semibold">
            {data.name} <span className="text-sm font-normal text-muted">{t("pages", { count: data.pages.length })}</span>
          </h1>
          {data.pages.map((page) => (
            <PageView key={page.page} page={page} />
          ))}
        </div>
      )}
    </SitePage>
  );
}

/** The page image comes through the API with the reader's token, so as a blob. */
function PageView({ page }: { page: ComparePage }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!page.image) return;
    let url: string | null = null;
    sourceApi
      .pageImage(page.image)
      .then((download) => {
        url = URL.createObjectURL(download.blob);
        setSrc(url);
      })
      .catch(() => setSrc(null));
    return () => {
      if (url) URL.revokeObjectURL(url);
    };
  }, [page.image]);
  return <ComparePageView page={page} imageSrc={page.image ? (src ?? undefined) : null} testId="compare" />;
}
