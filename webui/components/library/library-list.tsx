"use client";
import { Eye, FileCheck2, Inbox, Search, Send } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { ApplyDialog } from "@/components/library/apply-dialog";
import { RecordsDialog } from "@/components/library/records-dialog";
import { Pager } from "@/components/manage/pager";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useRole } from "@/hooks/use-role";
import { libraryApi, type LibraryEntry } from "@/lib/api/library";
import { TEMPLATE_KINDS } from "@/lib/manage/templates";
import { DEFAULT_PAGE_SIZE } from "@/lib/paging";

/**
 * The public graph library (SPEC §2 common_graph_library, /graphCommonMore): search, kind filter,
 * paging, preview, apply; my applications and those waiting for me.
 */
export function LibraryList({ publicView = false }: { publicView?: boolean }) {
  const t = useTranslations("library.list");
  const tk = useTranslations("manage.templates");
  const role = useRole();
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE as number, keyword: "", filters: { templateKind: "" } as Record<string, string> });
  const [applying, setApplying] = useState<LibraryEntry | null>(null);
  const [records, setRecords] = useState<"personal" | "approver" | null>(null);
  const { data, isLoading } = useSWR(["library", query], () => libraryApi.list(query), { keepPreviousData: true });
  const canApply = role !== null && role !== "test";
  return (
    <section className="flex flex-col gap-3" data-testid="library-list">
      <form
        className="flex flex-wrap items-center gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery({ ...query, page: 1, keyword: draft });
        }}
      >
        <Input className="w-60" aria-label={t("search")} placeholder={t("search")} value={draft} onChange={(e) => setDraft(e.target.value)} data-testid="library-search" />
        <Select aria-label={t("kind")} value={query.filters.templateKind} onChange={(e) => setQuery({ ...query, page: 1, filters: { templateKind: e.target.value } })}>
          <option value="">{t("allKinds")}</option>
          {TEMPLATE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {tk(`kinds.${kind}`)}
            </option>
          ))}
        </Select>
        <Button type="submit">
          <Search size={14} />
          {t("searchButton")}
        </Button>
        {canApply && !publicView && (
          <div className="ml-auto flex gap-2">
            <Button type="button" variant="outline" onClick={() => setRecords("personal")} data-testid="my-applications">
              <Inbox size={14} />
              {t("mine")}
            </Button>
            <Button type="button" variant="outline" onClick={() => setRecords("approver")} data-testid="to-approve">
              <FileCheck2 size={14} />
              {t("toApprove")}
            </Button>
          </div>
        )}
      </form>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-3 2xl:grid-cols-4">
        {(data?.items ?? []).map((entry) => (
          <article key={entry.id} className="flex flex-col gap-2 rounded-lg border border-border bg-card p-4 shadow-sm" data-testid="library-card">
            <div className="flex items-start justify-between gap-2">
              <h3 className="font-semibold">{entry.name}</h3>
              <span className="shrink-0 rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">{tk(`kinds.${entry.templateKind}`)}</span>
            </div>
            <p className="line-clamp-3 min-h-[3.6em] text-sm text-muted">{entry.summary || t("noSummary")}</p>
            <dl className="grid grid-cols-2 gap-x-2 text-xs text-muted">
              <dt>{t("project")}</dt>
              <dd className="truncate text-right">{entry.projectName}</dd>
              <dt>{t("nodes")}</dt>
              <dd className="text-right">{entry.nodeCount}</dd>
              <dt>{t("publisher")}</dt>
              <dd className="truncate text-right">{entry.publisherName}</dd>
            </dl>
            <div className="mt-auto flex gap-2 pt-1">
              <Button size="sm" variant="outline" asChild>
                <Link href={publicView || role === null ? `/graph_preview/${entry.graphId}` : `/common_graph/${entry.graphId}`} data-testid="library-preview">
                  <Eye size={13} />
                  {t("preview")}
                </Link>
              </Button>
              {canApply && (
                <Button size="sm" onClick={() => setApplying(entry)} data-testid="library-apply">
                  <Send size={13} />
                  {t("apply")}
                </Button>
              )}
            </div>
          </article>
        ))}
      </div>
      {!isLoading && data?.items.length === 0 && <p className="py-10 text-center text-muted">{t("empty")}</p>}
      <Pager page={query.page} pageSize={query.pageSize} total={data?.total ?? 0} onChange={(page, pageSize) => setQuery({ ...query, page, pageSize })} />
      {applying && <ApplyDialog open graphId={applying.graphId} graphName={applying.name} onOpenChange={(open) => !open && setApplying(null)} />}
      <RecordsDialog open={records !== null} view={records ?? "personal"} onOpenChange={(open) => !open && setRecords(null)} />
    </section>
  );
}
