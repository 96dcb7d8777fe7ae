"use client";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import useSWR from "swr";
import { ComparePageView } from "@/components/excavate/compare-page-view";
import { ImageTextCompare } from "@/components/excavate/image-text-compare";
import { SitePage } from "@/components/site/site-header";
import { Button } from "@/components/ui/button";
import { useSession } from "@/hooks/use-session";
import { API_BASE, api } from "@/lib/api/client";
import type { CompareAnswer, ComparePage } from "@/lib/api/excavate";

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

/** The preview service serves public page images without a token, so a plain address will do. */
function PublicPage({ page }: { page: ComparePage }) {
  return <ComparePageView page={page} imageSrc={page.image ? `${API_BASE}${page.image}` : null} testId="public-compare" />;
}
