"use client";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import type { TreeNode } from "@/lib/api/graph-types";
import { canMove, pathTo, type IndexEntry } from "@/lib/graph/tree-ops";
import { cn } from "@/lib/utils";

/** How many matching parents the list shows at once; typing narrows it. */
const SHOWN_AT_MOST = 50;

/**
 * SPEC §4 graph menu "move": the selected node goes under another parent, chosen by name from the
 * nodes it may move under (never itself or its own branch). Drag-and-drop does the same in the
 * tree and the mind map; this is the way for a target far away in a big graph.
 */
export function MoveNodeDialog({
  nodeId,
  index,
  open,
  onOpenChange,
  onMove,
}: {
  nodeId: number | null;
  index: Map<number, IndexEntry<TreeNode>>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMove: (targetId: number) => Promise<void>;
}) {
  const t = useTranslations("graph");
  const tc = useTranslations("common");
  const [query, setQuery] = useState("");
  const [targetId, setTargetId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) (setQuery(""), setTargetId(null));
  }, [open]);
  const currentParent = nodeId !== null ? index.get(nodeId)?.parentId : null;
  const candidates = useMemo(() => {
    if (!open || nodeId === null) return [];
    const needle = query.trim().toLowerCase();
    const found: { id: number; name: string; path: string }[] = [];
    for (const [id, entry] of index) {
      if (id === currentParent || !canMove(index, nodeId, id)) continue;
      if (needle && !entry.node.name.toLowerCase().includes(needle)) continue;
      const path = pathTo(index, id).slice(0, -1).map((ancestor) => index.get(ancestor)?.node.name ?? "");
      found.push({ id, name: entry.node.name, path: path.join(" / ") });
      if (found.length >= SHOWN_AT_MOST) break;
    }
    return found;
  }, [open, nodeId, query, index, currentParent]);
  const submit = async () => {
    if (targetId === null) return;
    setBusy(true);
    try {
      await onMove(targetId);
      onOpenChange(false);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="move-dialog">
        <DialogTitle className="mb-1 text-base font-semibold">{t("moveNode")}</DialogTitle>
        <p className="mb-3 text-sm text-muted">{t("moveHint", { name: nodeId !== null ? (index.get(nodeId)?.node.name ?? "") : "" })}</p>
        <Input autoFocus placeholder={t("moveSearch")} value={query} onChange={(e) => setQuery(e.target.value)} data-testid="move-search" />
        <ul className="mt-2 max-h-72 overflow-auto rounded-md border border-border text-sm" role="listbox" aria-label={t("moveNode")}>
          {candidates.length === 0 && <li className="px-3 py-4 text-center text-muted">{t("moveEmpty")}</li>}
          {candidates.map((candidate) => (
            <li key={candidate.id} role="option" aria-selected={candidate.id === targetId}>
              <button
                type="button"
                className={cn("block w-full px-3 py-1.5 text-left hover:bg-primary/10", candidate.id === targetId && "bg-primary/15 text-primary")}
                onClick={() => setTargetId(candidate.id)}
                data-testid="move-target"
                data-name={candidate.name}
              >
                <span>{candidate.name}</span>
                {candidate.path && <span className="ml-2 text-xs text-muted">{candidate.path}</span>}
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {tc("cancel")}
          </Button>
          <Button type="button" disabled={busy || targetId === null} onClick={() => void submit()} data-testid="move-submit">
            {tc("confirm")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
