"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useNodeTags } from "@/hooks/use-graph";
import { nodeApi, type NodeRef } from "@/lib/api/graph";
import type { GraphNode } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";

/** SPEC §2/§4 tag tab: view, edit, then save or cancel; checkable tags; an empty state. */
export function TagsTab({ node, nodeRef, editable, onSaved }: { node: GraphNode; nodeRef: NodeRef; editable: boolean; onSaved: () => void }) {
  const t = useTranslations("drawer");
  const { data: tags } = useNodeTags();
  const [editing, setEditing] = useState<Set<number> | null>(null);
  const [saving, setSaving] = useState(false);
  if (tags && tags.length === 0) return <p className="py-8 text-center text-sm text-muted" data-testid="tags-empty">{t("noTags")}</p>;
  if (!editing) {
    return (
      <div className="flex flex-col gap-3" data-testid="tags-view">
        {node.nodeTags.length === 0 ? (
          <p className="text-sm text-muted">{t("noTagsChosen")}</p>
        ) : (
          <div className="flex flex-wrap gap-1.5">
            {node.nodeTags.map((tag) => (
              <span key={tag.id} className="rounded border border-primary/40 bg-primary/10 px-2 py-0.5 text-sm text-primary">
                {tag.name}
              </span>
            ))}
          </div>
        )}
        {editable && (
          <div>
            <Button size="sm" variant="outline" data-testid="edit-tags" onClick={() => setEditing(new Set(node.nodeTags.map((tag) => tag.id)))}>
              {t("edit")}
            </Button>
          </div>
        )}
      </div>
    );
  }
  const save = async () => {
    setSaving(true);
    try {
      await nodeApi.setTags(nodeRef, node.type, [...editing]);
      toast("success", { key: "saved" });
      setEditing(null);
      onSaved();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex flex-col gap-3" data-testid="tags-editor">
      <div className="flex flex-wrap gap-2">
        {tags?.map((tag) => (
          <label key={tag.id} className="flex cursor-pointer items-center gap-1 rounded border border-border px-2 py-1 text-sm has-[:checked]:border-primary has-[:checked]:text-primary">
            <input
              type="checkbox"
              className="accent-[var(--primary)]"
              checked={editing.has(tag.id)}
              onChange={(e) => {
                const next = new Set(editing);
                if (e.target.checked) next.add(tag.id);
                else next.delete(tag.id);
                setEditing(next);
              }}
            />
            {tag.name}
          </label>
        ))}
      </div>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={() => setEditing(null)}>
          {t("cancel")}
        </Button>
        <Button size="sm" onClick={save} disabled={saving} data-testid="save-tags">
          {t("save")}
        </Button>
      </div>
    </div>
  );
}
