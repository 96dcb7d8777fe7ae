"use client";
import { Upload } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { GraphSelect } from "@/components/excavate/graph-select";
import { useMiningWrites } from "@/components/excavate/mining-page";
import { BoundGraphName, SourceRowActions } from "@/components/excavate/source-graph-binding";
import { CrudManager } from "@/components/manage/crud-manager";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api/client";
import { sourceApi, type TextSourceRow } from "@/lib/api/excavate";
import { toast } from "@/lib/feedback";
import { hasAllowedSuffix, SOURCE_SUFFIXES } from "@/lib/manage/form";
import { formatTime } from "@/lib/manage/format";

/** /excavate/textSource/{graphId?}: upload text materials (suffix check), bound to the chosen graph. */
export function TextSourcePage({ graphId }: { graphId: number | null }) {
  const t = useTranslations("excavate.sources");
  const te = useTranslations("excavate");
  const format = useFormatter();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  // Uploading, removing and rebinding are writes: offered only to those the server lets write.
  const writes = useMiningWrites(graphId);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 rounded-lg bg-card p-3 text-sm">
        <span className="text-muted">{te("graph")}</span>
        <GraphSelect graphId={graphId} basePath="/excavate/textSource" />
        <span className="text-xs text-muted">{t("allowed", { suffixes: SOURCE_SUFFIXES.join(" ") })}</span>
      </div>
      <CrudManager<TextSourceRow>
        key={graphId ?? 0}
        resource={`sources-${graphId ?? 0}`}
        title={t("title")}
        searchLabel={t("search")}
        load={(query) => sourceApi.list({ ...query, filters: graphId ? { graphId: String(graphId) } : {} })}
        columns={[
          { key: "name", title: t("name") },
          { key: "graphId", title: te("graph"), render: (row) => <BoundGraphName graphId={row.graphId} /> },
          { key: "suffix", title: t("suffix") },
          { key: "pageCount", title: t("pages") },
          { key: "charCount", title: t("chars") },
          {
            key: "ocr",
            title: t("ocr"),
            render: (row) =>
              row.unreliablePages?.length ? (
                <span className="text-warning" data-testid="source-unreliable">
                  {t("unreliablePages", { pages: format.list(row.unreliablePages.map(String)) })}
                </span>
              ) : row.ocr ? (
                "✓"
              ) : (
                ""
              ),
          },
          { key: "state", title: t("state"), render: (row) => (row.error ? <span className="text-danger" title={row.error}>{t(`states.${row.state}`)}</span> : t(`states.${row.state}`)) },
          { key: "createTime", title: t("createTime"), render: (row) => formatTime(row.createTime) },
        ]}
        toolbar={!writes ? undefined : (reload) => (
          <>
            <input
              ref={input}
              type="file"
              className="hidden"
              multiple
              accept={SOURCE_SUFFIXES.join(",")}
              data-testid="source-file"
              onChange={async (e) => {
                const files = [...(e.target.files ?? [])];
                e.target.value = "";
                const refused = files.filter((file) => !hasAllowedSuffix(file.name));
                if (refused.length) toast("warning", { text: t("badSuffix", { names: refused.map((f) => f.name).join(", ") }) });
                const accepted = files.filter((file) => hasAllowedSuffix(file.name));
                if (!accepted.length) return;
                setBusy(true);
                try {
                  for (const file of accepted) await sourceApi.upload(file, graphId);
                  toast("success", { text: t("uploaded", { count: accepted.length }) });
                } catch (cause) {
                  if (!(cause instanceof ApiError)) throw cause;
                } finally {
                  setBusy(false);
                  reload();
                }
              }}
            />
            <Button type="button" disabled={busy} onClick={() => input.current?.click()} data-testid="source-upload">
              <Upload size={14} />
              {busy ? t("uploading") : t("upload")}
            </Button>
          </>
        )}
        remove={writes ? (row) => sourceApi.remove(row.id) : undefined}
        describe={(row) => row.name}
        rowActions={(row, reload) => <SourceRowActions row={row} onDone={reload} writes={writes} />}
      />
    </div>
  );
}
