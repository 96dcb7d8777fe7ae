"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useSaveAction } from "@/hooks/use-save-action";
import { nodeApi } from "@/lib/api/graph";
import { useFreshChildren } from "./use-fresh-children";
import type { TemplateStructure } from "@/lib/api/graph-types";
import { lookOf, type EntityLook } from "@/lib/graph/entities";
import { typeChoices } from "@/lib/graph/node-type";
import { cn } from "@/lib/utils";

/** SPEC §4 "node type conversion": the types the template allows for this node, one to choose. */
export function NodeTypeDialog({
  graphId,
  nodeId,
  parentType,
  template,
  looks,
  open,
  onOpenChange,
  onSaved,
}: {
  graphId: number;
  nodeId: number | null;
  parentType: string | undefined;
  template: TemplateStructure | undefined;
  looks: Map<string, EntityLook>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const t = useTranslations("nodeType");
  const tc = useTranslations("common");
  // The node and its children as stored now: the children's types decide what the node may become.
  const data = useFreshChildren(graphId, nodeId, open);
  const node = data?.tree ?? null;
  const choices = node ? typeChoices(template, parentType, node.type, node.childs.map((child) => child.type)) : [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [busy, runSave] = useSaveAction(() => {
    onOpenChange(false);
    onSaved();
  });
  useEffect(() => {
    if (!open) setChosen(null);
  }, [open]);

  const save = () => {
    if (!node || !chosen) return;
    void runSave(() => nodeApi.changeType({ graphId, nodeId: node.id, revision: node.revision }, chosen));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="type-dialog">
        <DialogTitle className="mb-1 text-base font-semibold">{t("title", { name: node?.name ?? "" })}</DialogTitle>
        <DialogDescription className="mb-3 text-xs text-muted">
          {node ? t("current", { type: lookOf(looks, node.type).name }) : t("loading")}
        </DialogDescription>
        {node && choices.length === 0 && (
          <p className="py-4 text-center text-sm text-muted" data-testid="type-none">
            {t("none")}
          </p>
        )}
        {choices.length > 0 && (
          <div role="radiogroup" aria-label={t("choose")} className="flex flex-col gap-1">
            {choices.map((entity) => {
              const look = lookOf(looks, entity.code);
              return (
                <label
                  key={entity.code}
                  className={cn("flex cursor-pointer items-center gap-2 rounded-md border border-border px-2 py-1.5 text-sm hover:bg-primary/5", chosen === entity.code && "border-primary bg-primary/10")}
                  data-testid="type-choice"
                >
                  <input type="radio" name="node-type" value={entity.code} checked={chosen === entity.code} onChange={() => setChosen(entity.code)} className="accent-[var(--primary)]" />
                  <span className="h-3 w-3 shrink-0 rounded-sm" style={{ background: look.colour }} aria-hidden />
                  <span>{entity.name}</span>
                </label>
              );
            })}
          </div>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {tc("cancel")}
          </Button>
          <Button onClick={() => void save()} disabled={busy || !chosen} data-testid="type-save">
            {t("save")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
