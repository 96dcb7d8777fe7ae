"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { RelationType } from "@/lib/api/graph-types";

export interface PendingRelation {
  startId: number;
  startName: string;
  endId: number;
  endName: string;
  /** Only the types the template's rules allow for this pair of node types. */
  types: RelationType[];
}

/** Asked after a drag from one node onto another: which relation to draw between them. */
export function RelationTypePicker({ pending, onCancel, onCreate }: { pending: PendingRelation | null; onCancel: () => void; onCreate: (type: string) => Promise<void> }) {
  const t = useTranslations("relationGraph");
  const [type, setType] = useState("");
  const [busy, setBusy] = useState(false);
  useEffect(() => setType(pending?.types[0]?.code ?? ""), [pending]);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!type) return;
    setBusy(true);
    try {
      await onCreate(type);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={pending !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent data-testid="relation-type-picker">
        <DialogTitle className="mb-1 text-base font-semibold">{t("connectTitle")}</DialogTitle>
        <DialogDescription className="mb-3 text-sm text-muted">{pending && t("connectBetween", { start: pending.startName, end: pending.endName })}</DialogDescription>
        <form className="flex flex-col gap-3" onSubmit={submit}>
          <fieldset className="flex flex-col gap-1" aria-label={t("relationType")}>
            <legend className="mb-1 text-sm font-medium">{t("relationType")}</legend>
            {pending?.types.map((candidate) => (
              <label key={candidate.code} className="flex cursor-pointer items-center gap-2 rounded px-2 py-1 text-sm hover:bg-primary/5">
                <input type="radio" name="relation-type" value={candidate.code} checked={type === candidate.code} onChange={() => setType(candidate.code)} />
                <span className="h-1 w-4 rounded-sm" style={{ background: candidate.color || undefined }} />
                {candidate.name}
                <span className="text-xs text-muted">{candidate.directed ? t("directed", { start: pending.startName, end: pending.endName }) : t("undirected")}</span>
              </label>
            ))}
          </fieldset>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onCancel}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={!type || busy} data-testid="relation-create">
              {t("create")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
