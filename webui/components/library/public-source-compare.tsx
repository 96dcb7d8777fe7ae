"use client";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { ImageTextCompare } from "@/components/excavate/image-text-compare";
import { SitePage } from "@/components/site/site-header";
import { Button } from "@/components/ui/button";
import { useSession } from "@/hooks/use-session";
import { API_BASE, api } from "@/lib/api/client";
import type { CompareAnswer, ComparePage } from "@/lib/api/excavate";
import { cn } from "@/lib/utils";

/**
 * /image_text_compare/{sourceId} (SPEC §2, public): a signed-in user who may see the material gets the
 * full compare screen; everyone else the visitor's view, which shows only materials bound to a graph
 * published in the public library and otherwise says so, with a way to sign in.
 */
export function SourceCompareGate({ sourceId }: { sourceId: number }) {
  const session = useSession();
  // The same key as the compare screen's own fetch, so the answer is fetched once.
  const member = useSWR(session ? ["compare", sourceId] : null, () =>
    api.get<CompareAnswer>(`/api/excavate/textSource/${sourceId}/compare`, { silent: true }),
  );
  if (session === undefined || (session && member.isLoading)) return null;
  if (session && member.data) return <ImageTextCompare sourceId={sourceId} />;
  return <PublicSourceCompare sourceId={sourceId} />;
}

type PublicCompare = CompareAnswer & { graphId: number };

function PublicSourceCompare({ sourceId }: { sourceId: number }) {
  const t = useTranslations("library.publicCompare");
  // Keyed by language too: the server words its refusal in the language asked.
  const locale = useLocale();
  const { data, error } = useSWR(["public-compare", sourceId, locale], () =>
    api.get<PublicCompare>(`/api/preview/textSource/${sourceId}/compare`, { anonymous: true, silent: true }),
  );
  return (
    <SitePage wide>
      {error && (
        <div className="flex flex-col items-center gap-3 rounded-lg bg-card p-10 text-center" data-testid="public-compare-refused">
          <p className="font-semibold">{t("refused")}</p>
          <p className="text-sm text-muted">{error.message}</p>
          <Button asChild>
            <Link href={`/login?redirect=${encodeURIComponent(`/image_text_compare/${sourceId}`)}`}>{t("signIn")}</Link>
          </Button>
        </div>
      )}
      {data && (
        <div className="flex flex-col gap-4" data-testid="public-compare">
          <h1 className="text-xl font-semibold">
            {data.name} <span className="text-sm font-normal text-muted">{t("pages", { count: data.pages.length })}</span>
          </h1>
          <p className="text-sm text-muted">
            {t("fromLibrary")}{" "}
            <Link className="text-primary hover:underline" href={`/graph_preview_index/${data.graphId}`}>
              {t("openGraph")}
            </Link>
          </p>
          {data.pages.map((page) => (
            <PublicPage key={page.page} page={page} />
          ))}
        </div>
      )}
    </SitePage>
  );
}

function PublicPage({ page }: { page: ComparePage }) {
  const t = useTranslations("library.publicCompare");
  const [hover, setHover] = useState<number | null>(null);
  const width = page.width ?? 1;
  const height = page.height ?? 1;
  return (
    <section className="grid grid-cols-1 gap-3 rounded-lg bg-card p-3 lg:grid-cols-2" data-testid="public-compare-page">
      {/* White under a scanned page; the note of a page without one takes the theme's ground. */}
      <div className={cn("relative self-start overflow-hidden rounded border border-border", page.image ? "bg-white" : "bg-background")}>
        {page.image ? (
          <>
            {/* The preview service serves public page images without a token, so a plain <img> will do. */}
            <img src={`${API_BASE}${page.image}`} alt={t("pageImage", { number: page.page })} className="block w-full" />
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
            data-testid="public-compare-line"
          >
            {line.text}
          </li>
        ))}
      </ol>
    </section>
  );
}
