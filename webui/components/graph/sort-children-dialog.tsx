"use client";
import { ArrowDown, ArrowUp, GripVertical } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { useSaveAction } from "@/hooks/use-save-action";
import { nodeApi } from "@/lib/api/graph";
import { useFreshChildren } from "./use-fresh-children";
import type { TreeNode } from "@/lib/api/graph-types";
import { moveItem } from "@/lib/graph/tree-ops";
import { cn } from "@/lib/utils";

type Child = Pick<TreeNode, "id" | "name" | "type">;

/** SPEC §4 graph menu "sort": put a node's children in a new order, by dragging or with the arrows. */
export function SortChildrenDialog({
  graphId,
  nodeId,
  open,
  onOpenChange,
  onSaved,
}: {
  graphId: number;
  nodeId: number | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSaved: () => void;
}) {
  const t = useTranslations("sortChildren");
  const tc = useTranslations("common");
  // The children as the server has them now: the tree on screen may be cut short below this node.
  const data = useFreshChildren(graphId, nodeId, open);
  const [children, setChildren] = useState<Child[] | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [busy, runSave] = useSaveAction(() => {
    onOpenChange(false);
    onSaved();
  });
  useEffect(() => {
    if (!open) setChildren(null);
    else if (data?.tree && children === null) setChildren(data.tree.childs.map(({ id, name, type }) => ({ id, name, type })));
  }, [open, data, children]);
  const original = data?.tree?.childs.map((child) => child.id) ?? [];
  const changed = children !== null && children.some((child, at) => child.id !== original[at]);
  const move = (from: number, to: number) => setChildren((current) => (current && to >= 0 && to < current.length ? moveItem(current, from, to) : current));

  const save = () => {
    if (!children || nodeId === null) return;
    void runSave(() => nodeApi.order(graphId, nodeId, children.map((child) => child.id)));
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="sort-dialog">
        <DialogTitle className="mb-1 text-base font-semibold">{t("title", { name: data?.tree?.name ?? "" })}</DialogTitle>
        <DialogDescription className="mb-3 text-xs text-muted">{t("hint")}</DialogDescription>
        {children === null && <p className="py-6 text-center text-sm text-muted">{t("loading")}</p>}
        {children?.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("empty")}</p>}
        {children && children.length > 0 && (
          <ol className="flex max-h-[50vh] flex-col gap-1 overflow-auto" aria-label={t("list")}>
            {children.map((child, at) => (
              <li
                key={child.id}
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(child.id));
                  setDragging(at);
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  if (dragging !== null && dragging !== at) {
                    move(dragging, at);
                    setDragging(at);
                  }
                }}
                onDragEnd={() => setDragging(null)}
                onDrop={(event) => (event.preventDefault(), setDragging(null))}
                className={cn(
                  "flex cursor-grab items-center gap-2 rounded-md border border-border bg-card px-2 py-1.5 text-sm",
                  dragging === at && "border-primary bg-primary/10",
                )}
                data-testid="sort-row"
                data-name={child.name}
              >
                <GripVertical size={14} className="shrink-0 text-muted" aria-hidden />
                <span className="w-6 shrink-0 text-right text-xs tabular-nums text-muted">{at + 1}</span>
                <span className="min-w-0 flex-1 truncate" title={child.name}>
                  {child.name}
                </span>
                <Button size="icon" variant="ghost" className="h-7 w-7" disabled={at === 0} onClick={() => move(at, at - 1)} aria-label={t("moveUp", { name: child.name })} title={t("moveUp", { name: child.name })} data-testid="sort-up">
                  <ArrowUp size={14} />
                </Button>
                <Button size="icon" variant="ghost" className="h-7 w-7" disabled={at === children.length - 1} onClick={() => move(at, at + 1)} aria-label={t("moveDown", { name: child.name })} title={t("moveDown", { name: child.name })} data-testid="sort-down">
                  <ArrowDown size={14} />
                </Button>
              </li>
            ))}
          </ol>
        )}
        <div className="mt-4 flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {tc("cancel")}
          </Button>
          <Button onClick={() => void save()} disabled={busy || !changed} data-testid="sort-save">
            {t("save")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
