"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { SitePage } from "@/components/site/site-header";
import { Button } from "@/components/ui/button";
import { useSession } from "@/hooks/use-session";
import { sourceApi, type ComparePage } from "@/lib/api/excavate";
import { cn } from "@/lib/utils";

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

function PageView({ page }: { page: ComparePage }) {
  const t = useTranslations("excavate.compare");
  const [hover, setHover] = useState<number | null>(null);
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
  const width = page.width ?? 1;
  const height = page.height ?? 1;
  return (
    <section className="grid grid-cols-1 gap-3 rounded-lg bg-card p-3 lg:grid-cols-2" data-testid="compare-page">
      <div className="relative self-start overflow-hidden rounded border border-border bg-white">
        {page.image ? (
          src ? (
            <>
              <img src={src} alt={t("pageImage", { number: page.page })} className="block w-full" />
              {page.lines.map((line, index) =>
                line.box ? (
                  <span
                    key={index}
                    className={cn("absolute border", hover === index ? "border-primary bg-primary/25" : "border-primary/30")}
                    style={{
                      left: `${(line.box[0] / width) * 100}%`,
                      top: `${(line.box[1] / height) * 100}%`,
                      width: `${((line.box[2] - line.box[0]) / width) * 100}%`,
                      height: `${((line.box[3] - line.box[1]) / height) * 100}%`,
                    }}
                    onMouseEnter={() => setHover(index)}
                    onMouseLeave={() => setHover(null)}
                  />
                ) : null,
              )}
            </>
          ) : (
            <p className="p-6 text-center text-sm text-muted">{t("loadingImage")}</p>
          )
        ) : (
          <p className="p-6 text-center text-sm text-muted">{t("noImage")}</p>
        )}
      </div>
      <ol className="flex flex-col gap-0.5 text-sm leading-6">
        <li className="mb-1 text-xs text-muted">
          {t("page", { number: page.page })}
          {page.ocr && ` · ${t("ocr")}`}
        </li>
        {page.lines.map((line, index) => (
          <li
            key={index}
            className={cn("rounded px-1", hover === index && "bg-primary/15")}
            onMouseEnter={() => setHover(index)}
            onMouseLeave={() => setHover(null)}
            data-testid="compare-line"
          >
            {line.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
