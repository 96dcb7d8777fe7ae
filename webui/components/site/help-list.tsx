"use client";
import { FileText, PlayCircle, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { SitePage } from "@/components/site/site-header";
import { Input } from "@/components/ui/input";
import { docApi, type DocRow } from "@/lib/api/manage";
import { useDebounced } from "@/hooks/use-debounced";
import { cn } from "@/lib/utils";

/** /help_v and /help_doc: the help videos and documents, a list beside the chosen one. */
export function HelpList({ kind }: { kind: "video" | "doc" }) {
  const t = useTranslations("site.help");
  const [keyword, setKeyword] = useState("");
  const title = useDebounced(keyword, 300);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const { data, isLoading } = useSWR(["help", kind, title], () => docApi.publicList(kind, title));
  const items = data?.items ?? [];
  const chosen: DocRow | undefined = items.find((d) => d.id === chosenId) ?? items[0];
  const Icon = kind === "video" ? PlayCircle : FileText;
  return (
    <SitePage>
      <h1 className="mb-3 text-xl font-semibold">{kind === "video" ? t("videos") : t("docs")}</h1>
      <div className="grid grid-cols-1 gap-4 md:grid-cols-[280px_1fr]" data-testid={`help-${kind}`}>
        <aside className="flex flex-col gap-2 rounded-lg bg-card p-3">
          <div className="relative">
            <Search size={14} className="absolute left-2 top-2 text-muted" />
            <Input className="pl-7" aria-label={t("search")} placeholder={t("search")} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
          </div>
          <ul className="flex flex-col">
            {items.map((doc) => (
              <li key={doc.id}>
                <button
                  className={cn("flex w-full items-center gap-2 rounded px-2 py-1.5 text-left text-sm hover:bg-primary/10", chosen?.id === doc.id && "bg-primary/10 text-primary")}
                  onClick={() => setChosenId(doc.id)}
                  data-testid="help-item"
                >
                  <Icon size={14} className="shrink-0" />
                  {doc.title}
                </button>
              </li>
            ))}
            {!isLoading && items.length === 0 && <li className="px-2 py-6 text-center text-sm text-muted">{t("empty")}</li>}
          </ul>
        </aside>
        <article className="min-h-[360px] rounded-lg bg-card p-5" data-testid="help-content">
          {chosen ? (
            <>
              <h2 className="mb-3 text-lg font-semibold">{chosen.title}</h2>
              {kind === "video" && chosen.url && <video src={chosen.url} controls className="mb-3 w-full rounded bg-black" />}
              {kind === "doc" && chosen.url && (
                <a href={chosen.url} className="mb-3 inline-block text-primary hover:underline" target="_blank" rel="noreferrer">
                  {t("open")}
                </a>
              )}
              {/* The body is sanitised rich text (toolkit.richtext.sanitise) from the back office. */}
              <div className="prose-sm text-sm leading-7 [&_h3]:mb-1 [&_h3]:mt-4 [&_h3]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:mb-2 [&_ul]:list-disc [&_ul]:pl-5" dangerouslySetInnerHTML={{ __html: chosen.body }} />
            </>
          ) : (
            <p className="text-muted">{t("nothing")}</p>
          )}
        </article>
      </div>
    </SitePage>
  );
}
