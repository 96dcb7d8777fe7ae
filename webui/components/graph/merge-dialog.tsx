"use client";
import { useTranslations } from "next-intl";
import { FilePicker } from "@/components/ui/file-picker";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { graphApi, type MergeChange, type MergeCheck } from "@/lib/api/graph";
import { toast } from "@/lib/feedback";

// Each change marked by a sign (no words to translate) and shown with the node's path.
const SHOWN_CHANGES = 200;
const KIND_MARK: Record<MergeChange["kind"], string> = { added: "+", removed: "−", renamed: "✎", moved: "↷", changed: "≈" };
const KIND_TONE: Record<MergeChange["kind"], string> = {
  added: "text-success",
  removed: "text-danger",
  renamed: "text-primary",
  moved: "text-primary",
  changed: "text-muted",
};

function changeText(change: MergeChange): string {
  if (change.kind === "renamed") return `${change.path} (${change.oldName} → ${change.name})`;
  if (change.kind === "moved") return `${change.oldPath} → ${change.path}`;
  if (change.kind === "changed") return `${change.path} (${(change.fields ?? []).join(", ")})`;
  return change.path;
}

/** Import an edited export back into the graph: check first (counts, problems and each change with its path), then merge. */
export function MergeDialog({ graphId, open, onOpenChange, onMerged }: { graphId: number; open: boolean; onOpenChange: (open: boolean) => void; onMerged: () => void }) {
  const t = useTranslations("merge");
  const [file, setFile] = useState<File | null>(null);
  const [check, setCheck] = useState<MergeCheck | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) (setFile(null), setCheck(null));
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="merge-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("title")}</DialogTitle>
        <p className="mb-2 text-sm text-muted">{t("hint")}</p>
        <FilePicker accept=".edg,.xlsx,.docx,.xmind,.md,.opml,.mm" className="mb-3" testId="merge-file" file={file} onChange={(chosen) => (setFile(chosen), setCheck(null))} />
        {check && (
          <div className="mb-3 rounded-md border border-border p-2 text-sm" data-testid="merge-check">
            <p>{t("counts", { added: check.counts.added ?? 0, removed: check.counts.removed ?? 0, renamed: check.counts.renamed ?? 0, moved: check.counts.moved ?? 0, changed: check.counts.changed ?? 0 })}</p>
            {check.problems.length > 0 && <p className="text-danger">{t("problems", { count: check.problems.length })}</p>}
            {(check.changes?.length ?? 0) > 0 && (
              <ul className="mt-2 max-h-60 overflow-auto text-xs" data-testid="merge-changes">
                {check.changes!.slice(0, SHOWN_CHANGES).map((change, index) => (
                  <li key={`${change.kind}-${change.id}-${index}`} className="truncate py-0.5" title={change.path} data-kind={change.kind}>
                    <span className={`mr-1 inline-block w-4 text-center ${KIND_TONE[change.kind]}`}>{KIND_MARK[change.kind]}</span>
                    {changeText(change)}
                  </li>
                ))}
                {check.changes!.length > SHOWN_CHANGES && <li className="py-0.5 text-muted">… +{check.changes!.length - SHOWN_CHANGES}</li>}
              </ul>
            )}
          </div>
        )}
        <div className="flex justify-end gap-2">
          <Button variant="outline" disabled={!file || busy} onClick={() => run(async () => setCheck(await graphApi.mergeCheck(graphId, file!)))} data-testid="merge-check-button">
            {t("check")}
          </Button>
          <Button
            disabled={!file || !check?.ok || busy}
            data-testid="merge-apply"
            onClick={() =>
              run(async () => {
                await graphApi.merge(graphId, file!);
                const counts = check?.counts ?? {};
                toast("success", { text: t("merged", { added: counts.added ?? 0, removed: counts.removed ?? 0, changed: (counts.renamed ?? 0) + (counts.moved ?? 0) + (counts.changed ?? 0) }) });
                onMerged();
                onOpenChange(false);
              })
            }
          >
            {t("apply")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
