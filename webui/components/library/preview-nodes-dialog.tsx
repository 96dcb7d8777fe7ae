"use client";
import { ChevronDown, ChevronRight } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import type { TreeNode } from "@/lib/api/graph-types";
import { libraryApi, type LibraryEntry } from "@/lib/api/library";
import { toast } from "@/lib/feedback";
import { buildTree } from "@/lib/library/tree";

/**
 * definePreviewNode (SPEC §7): the graph's editor picks the branches visitors may preview at
 * /graph_preview_index/{graphId}; a picked node brings its ancestors and its whole subtree, none picked shows all.
 */
export function PreviewNodesDialog({ entry, onClose, onSaved }: { entry: LibraryEntry | null; onClose: () => void; onSaved: () => void }) {
  const t = useTranslations("library.manage.previewNodes");
  const { data, error } = useSWR(entry ? ["library-full-graph", entry.graphId] : null, () => libraryApi.fullGraph(entry!.graphId));
  const root = useMemo(() => (data ? buildTree(data.nodes) : null), [data]);
  const [picked, setPicked] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);
  useEffect(() => setPicked(new Set(entry?.previewNodeIds ?? [])), [entry]);
  const toggle = (id: number) =>
    setPicked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const save = async (ids: number[]) => {
    if (!entry) return;
    setSaving(true);
    try {
      await libraryApi.definePreviewNodes(entry.graphId, ids);
      toast("success", { text: t("saved") });
      onSaved();
      onClose();
    } finally {
      setSaving(false);
    }
  };
  return (
    <Dialog open={entry !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl" data-testid="preview-nodes-dialog">
        <DialogTitle className="text-base font-semibold">{t("title", { name: entry?.name ?? "" })}</DialogTitle>
        <DialogDescription className="text-sm text-muted">{t("hint")}</DialogDescription>
        <div className="max-h-[55vh] overflow-auto rounded border border-border p-2 text-sm">
          {error && <p className="p-4 text-center text-muted">{error.message}</p>}
          {!data && !error && <p className="p-4 text-center text-muted">{t("loading")}</p>}
          {root && (
            <ul>
              <Branch node={root} picked={picked} onToggle={toggle} depth={0} />
            </ul>
          )}
        </div>
        <p className="text-xs text-muted" data-testid="preview-nodes-count">
          {picked.size === 0 ? t("showsAll") : t("pickedCount", { count: picked.size })}
        </p>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" disabled={saving} onClick={() => save([])} data-testid="preview-nodes-all">
            {t("showAll")}
          </Button>
          <Button type="button" variant="outline" onClick={onClose}>
            {t("cancel")}
          </Button>
          <Button type="button" disabled={saving || picked.size === 0} onClick={() => save([...picked])} data-testid="preview-nodes-save">
            {t("save")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function Branch({ node, picked, onToggle, depth }: { node: TreeNode; picked: Set<number>; onToggle: (id: number) => void; depth: number }) {
  // The first two levels start open: that is where preview branches are usually chosen.
  const [open, setOpen] = useState(depth < 2);
  const hasChildren = node.childs.length > 0;
  return (
    <li className="list-none">
      <div className="flex items-center gap-1 py-0.5" style={{ paddingLeft: depth * 16 }}>
        <button
          type="button"
          className="flex h-5 w-5 items-center justify-center text-muted disabled:opacity-0"
          disabled={!hasChildren}
          aria-label={node.name}
          onClick={() => setOpen(!open)}
        >
          {open ? <ChevronDown size={14} /> : <ChevronRight size={14} />}
        </button>
        <label className="flex cursor-pointer items-center gap-2">
          <input type="checkbox" checked={picked.has(node.id)} onChange={() => onToggle(node.id)} data-testid="preview-node" data-name={node.name} />
          <span>{node.name}</span>
        </label>
      </div>
      {open && hasChildren && (
        <ul>
          {node.childs.map((child) => (
            <Branch key={child.id} node={child} picked={picked} onToggle={onToggle} depth={depth + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}
