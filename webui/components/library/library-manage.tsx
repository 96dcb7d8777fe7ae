"use client";
import { Ban, Eye, FileCheck2, History, ShieldCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { PreviewNodesDialog } from "@/components/library/preview-nodes-dialog";
import { RecordsDialog } from "@/components/library/records-dialog";
import { CrudManager } from "@/components/manage/crud-manager";
import { FormDialog } from "@/components/manage/form-dialog";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useRole } from "@/hooks/use-role";
import { libraryApi, PUBLIC_STATE, type LibraryEntry } from "@/lib/api/library";
import { toast } from "@/lib/feedback";
import { formatTime } from "@/lib/manage/format";

const STATE_KEYS: Record<number, string> = { 0: "wait", 2: "refuse", 4: "publish", 6: "unpublish" };

/** /common_graphs: publication requests reviewed (publish / refuse with opinion), unpublish, history. */
export function LibraryManage() {
  const t = useTranslations("library.manage");
  const tm = useTranslations("manage");
  const role = useRole();
  const reviewer = role === "super" || role === "admin";
  const [reviewing, setReviewing] = useState<{ row: LibraryEntry; reload: () => void } | null>(null);
  const [history, setHistory] = useState<LibraryEntry | null>(null);
  const [previewNodes, setPreviewNodes] = useState<{ row: LibraryEntry; reload: () => void } | null>(null);
  const [approvals, setApprovals] = useState(false);
  const [confirmDialog, ask] = useConfirm();
  const states = [PUBLIC_STATE.wait, PUBLIC_STATE.refuse, PUBLIC_STATE.publish, PUBLIC_STATE.unpublish].map((s) => ({ value: String(s), label: t(`states.${STATE_KEYS[s]}`) }));
  return (
    <>
      <CrudManager<LibraryEntry>
        resource="library-manage"
        title={t("title")}
        searchLabel={t("search")}
        load={libraryApi.manageList}
        filters={[{ name: "publicState", label: t("state"), options: states }]}
        columns={[
          { key: "name", title: t("name") },
          { key: "templateName", title: t("template") },
          { key: "projectName", title: t("project") },
          { key: "publisherName", title: t("publisher") },
          { key: "publicState", title: t("state"), render: (row) => <span data-testid="library-state">{t(`states.${STATE_KEYS[row.publicState] ?? "wait"}`)}</span> },
          { key: "reviewOpinion", title: t("opinion") },
          { key: "updateTime", title: t("updateTime"), render: (row) => formatTime(row.updateTime) },
        ]}
        toolbar={() => (
          <Button type="button" variant="outline" onClick={() => setApprovals(true)} data-testid="to-approve">
            <FileCheck2 size={14} />
            {t("applications")}
          </Button>
        )}
        rowActions={(row, reload) => (
          <>
            {reviewer && row.publicState === PUBLIC_STATE.wait && (
              <Button size="sm" variant="ghost" onClick={() => setReviewing({ row, reload })} data-testid="row-review">
                <ShieldCheck size={13} />
                {t("review")}
              </Button>
            )}
            {row.publicState === PUBLIC_STATE.publish && (
              <Button
                size="sm"
                variant="ghost"
                className="text-danger"
                data-testid="row-unpublish"
                onClick={async () => {
                  if (!(await ask(t("unpublishQuestion", { name: row.name })))) return;
                  await libraryApi.unpublish(row.graphId);
                  toast("success", { text: tm("saved") });
                  reload();
                }}
              >
                <Ban size={13} />
                {t("unpublish")}
              </Button>
            )}
            <Button size="sm" variant="ghost" onClick={() => setPreviewNodes({ row, reload })} data-testid="row-preview-nodes">
              <Eye size={13} />
              {row.previewNodeIds.length ? t("previewNodes.partial", { count: row.previewNodeIds.length }) : t("previewNodes.open")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setHistory(row)} data-testid="row-history">
              <History size={13} />
              {t("history")}
            </Button>
          </>
        )}
      />
      <FormDialog
        open={reviewing !== null}
        onOpenChange={(open) => !open && setReviewing(null)}
        title={t("reviewTitle", { name: reviewing?.row.name ?? "" })}
        editing={false}
        form="libraryReview"
        initial={{ publicState: "", opinion: "" }}
        fields={[
          { name: "publicState", label: t("decision"), type: "select", required: true, options: [states[2], states[1]] },
          { name: "opinion", label: t("opinion"), type: "textarea", rows: 3, validate: (v, values) => (values.publicState === "2" && !(typeof v === "string" && v.trim()) ? "required" : null) },
        ]}
        onSubmit={async (values) => {
          await libraryApi.review(reviewing!.row.graphId, values.publicState === "4" ? 4 : 2, String(values.opinion ?? "").trim());
          toast("success", { text: tm("saved") });
          reviewing!.reload();
        }}
      />
      <HistoryDialog entry={history} onClose={() => setHistory(null)} />
      <PreviewNodesDialog entry={previewNodes?.row ?? null} onClose={() => setPreviewNodes(null)} onSaved={() => previewNodes?.reload()} />
      <RecordsDialog open={approvals} view="approver" onOpenChange={setApprovals} />
      {confirmDialog}
    </>
  );
}

function HistoryDialog({ entry, onClose }: { entry: LibraryEntry | null; onClose: () => void }) {
  const t = useTranslations("library.manage");
  const { data } = useSWR(entry ? ["library-record", entry.graphId] : null, () => libraryApi.record(entry!.graphId));
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="history-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("historyTitle", { name: entry?.name ?? "" })}</DialogTitle>
        <DialogDescription className="sr-only">{t("history")}</DialogDescription>
        <ol className="flex flex-col gap-2 border-l-2 border-primary/30 pl-3 text-sm">
          {(data ?? []).map((event, index) => (
            <li key={index}>
              <div className="font-medium">
                {t(`actions.${["publish", "review", "unpublish"].includes(event.action) ? event.action : "publish"}`)}
                {event.publicState !== null && ` · ${t(`states.${STATE_KEYS[event.publicState] ?? "wait"}`)}`}
              </div>
              <div className="text-xs text-muted">
                {event.operatorName} · {formatTime(event.createTime)}
                {event.opinion && ` · ${event.opinion}`}
              </div>
            </li>
          ))}
          {data && data.length === 0 && <li className="text-muted">{t("noHistory")}</li>}
        </ol>
      </DialogContent>
    </Dialog>
  );
}
