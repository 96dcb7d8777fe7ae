"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { useVersions } from "@/hooks/use-graph";
import { graphApi } from "@/lib/api/graph";
import type { ChangeKind, VersionDiff } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";
import { cn } from "@/lib/utils";

const KIND_STYLE: Record<ChangeKind, string> = {
  added: "border-l-success bg-success/10",
  removed: "border-l-danger bg-danger/10 line-through",
  renamed: "border-l-[#faad14] bg-[#faad14]/10",
  moved: "border-l-primary bg-primary/10",
  changed: "border-l-[#faad14] bg-[#faad14]/10",
};

function DiffView({ diff }: { diff: VersionDiff }) {
  const t = useTranslations("versions");
  return (
    <div className="flex flex-col gap-2" data-testid="version-diff">
      <div className="flex flex-wrap gap-3 text-sm">
        {(["added", "removed", "renamed", "moved", "changed"] as const).map((kind) => (
          <span key={kind} className={cn("rounded border-l-4 px-2 py-0.5", KIND_STYLE[kind])}>
            {t(kind)} {diff.counts[kind]}
          </span>
        ))}
        <span className="text-muted">{t("relationsChanged", { added: diff.counts.relationsAdded, removed: diff.counts.relationsRemoved })}</span>
      </div>
      {diff.nodes.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted">{t("noChanges")}</p>
      ) : (
        <ul className="max-h-72 overflow-auto text-sm">
          {diff.nodes.map((change, index) => (
            <li key={index} className={cn("mb-1 rounded border-l-4 px-2 py-1", KIND_STYLE[change.kind])} data-kind={change.kind}>
              <span className="mr-2 text-xs text-muted">{t(change.kind)}</span>
              {change.kind === "renamed" ? `${change.oldName} → ${change.name}` : change.name}
              {change.fields && <span className="ml-2 text-xs text-muted">({change.fields.join(", ")})</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Version record: list, save, compare with now (added/removed/changed highlighted), restore. */
export function VersionsDialog({ graphId, editable, open, onOpenChange, onRestored }: { graphId: number; editable: boolean; open: boolean; onOpenChange: (open: boolean) => void; onRestored: () => void }) {
  const t = useTranslations("versions");
  const format = useFormatter();
  const { data: versions, mutate } = useVersions(open ? graphId : null);
  const [name, setName] = useState("");
  const [diff, setDiff] = useState<{ versionId: number; diff: VersionDiff } | null>(null);
  const [confirmDialog, ask] = useConfirm();
  const save = async () => {
    try {
      await graphApi.saveVersion(graphId, name, "");
      setName("");
      toast("success", { key: "versionSaved" });
      await mutate();
    } catch {
      // shown by the client
    }
  };
  const compare = async (versionId: number) => {
    try {
      setDiff({ versionId, diff: await graphApi.compare(graphId, versionId) });
    } catch {
      // shown by the client
    }
  };
  const restore = async (versionId: number, number: number) => {
    if (!(await ask(t("restoreConfirm", { number })))) return;
    try {
      const result = await graphApi.restore(graphId, versionId);
      toast("success", { text: t("restored", { number: result.restored, backup: result.backupVersion }) });
      setDiff(null);
      await mutate();
      onRestored();
    } catch {
      // shown by the client
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[min(760px,94vw)]" data-testid="versions-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("title")}</DialogTitle>
        {editable && (
          <div className="mb-3 flex gap-2">
            <Input value={name} onChange={(e) => setName(e.target.value)} placeholder={t("namePlaceholder")} aria-label={t("namePlaceholder")} />
            <Button className="shrink-0 whitespace-nowrap" onClick={save} data-testid="save-version">
              {t("save")}
            </Button>
          </div>
        )}
        <div className="max-h-56 overflow-auto">
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-border text-left text-muted">
                <th className="px-2 py-1 font-normal">{t("number")}</th>
                <th className="px-2 py-1 font-normal">{t("name")}</th>
                <th className="px-2 py-1 text-right font-normal">{t("nodes")}</th>
                <th className="px-2 py-1 font-normal">{t("time")}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {versions?.map((version) => (
                <tr key={version.id} className={cn("border-b border-border", diff?.versionId === version.id && "bg-primary/5")} data-testid="version-row">
                  <td className="px-2 py-1">v{version.number}</td>
                  <td className="px-2 py-1">{version.name}</td>
                  <td className="px-2 py-1 text-right tabular-nums">{version.nodeCount}</td>
                  <td className="px-2 py-1 text-muted">{version.createTime ? format.dateTime(new Date(version.createTime), { dateStyle: "short", timeStyle: "short" }) : ""}</td>
                  <td className="flex justify-end gap-1 px-2 py-1">
                    <Button size="sm" variant="outline" onClick={() => compare(version.id)} data-testid="compare-version">
                      {t("compare")}
                    </Button>
                    {editable && (
                      <Button size="sm" variant="outline" onClick={() => restore(version.id, version.number)} data-testid="restore-version">
                        {t("restore")}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {versions && versions.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("empty")}</p>}
        </div>
        {diff && (
          <div className="mt-3 border-t border-border pt-3">
            <h3 className="mb-2 text-sm font-medium">{t("compareTitle")}</h3>
            <DiffView diff={diff.diff} />
          </div>
        )}
        {confirmDialog}
      </DialogContent>
    </Dialog>
  );
}
