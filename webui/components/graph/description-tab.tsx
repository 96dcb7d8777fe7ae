"use client";
import { Plus, Sigma, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { nodeApi, type NodeRef } from "@/lib/api/graph";
import type { GraphNode } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";
import { Formula, TextWithMath } from "./formula";
import { isDescriptionEmpty, joinDescription, splitDescription, type Segment } from "@/lib/graph/description";

/** Text a user reads; the server sanitises rich text, but the drawer shows it as plain text. */
function plain(html: string): string {
  return html.replace(/<br\s*\/?>/gi, "\n").replace(/<\/p>/gi, "\n").replace(/<[^>]+>/g, "").replace(/&nbsp;/g, " ").trim();
}

export function DescriptionView({ node }: { node: GraphNode }) {
  const t = useTranslations("drawer");
  const segments = splitDescription(node.desc);
  const tags = [...node.descTags].sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="description-view">
      {node.define && (
        <p>
          <span className="mr-1 font-medium">{t("definition")}</span>
          {node.define}
        </p>
      )}
      {segments.length === 0 && <p className="text-muted">{t("noDescription")}</p>}
      {segments.map((segment, index) =>
        segment.kind === "formula" ? (
          <Formula key={index} tex={segment.text} />
        ) : (
          <p key={index} className="whitespace-pre-wrap leading-relaxed">
            <TextWithMath text={plain(segment.text)} />
          </p>
        ),
      )}
      {tags.length > 0 && (
        <div className="flex flex-wrap gap-1">
          {tags.map((tag, index) => (
            <span key={index} className="rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">
              {tag.name}
            </span>
          ))}
        </div>
      )}
    </div>
  );
}

/** SPEC §2 description editor: segments of text and formulas; empty content is refused (§5). */
export function DescriptionTab({ node, nodeRef, editable, onSaved }: { node: GraphNode; nodeRef: NodeRef; editable: boolean; onSaved: () => void }) {
  const t = useTranslations("drawer");
  const [segments, setSegments] = useState<Segment[] | null>(null);
  const [saving, setSaving] = useState(false);
  if (!segments) {
    return (
      <div className="flex flex-col gap-3">
        <DescriptionView node={node} />
        {editable && (
          <div>
            <Button size="sm" variant="outline" data-testid="edit-description" onClick={() => setSegments(splitDescription(node.desc).length ? splitDescription(node.desc) : [{ kind: "text", text: "" }])}>
              {t("edit")}
            </Button>
          </div>
        )}
      </div>
    );
  }
  const update = (index: number, text: string) => setSegments(segments.map((segment, i) => (i === index ? { ...segment, text } : segment)));
  const save = async () => {
    if (isDescriptionEmpty(segments)) {
      toast("warning", { key: "descriptionEmpty" });
      return;
    }
    setSaving(true);
    try {
      await nodeApi.describe(nodeRef, joinDescription(segments), node.descTags);
      toast("success", { key: "descriptionSaved" });
      setSegments(null);
      onSaved();
    } catch {
      // the client has shown the failure
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex flex-col gap-2" data-testid="description-editor">
      {segments.map((segment, index) => (
        <div key={index} className="flex items-start gap-1">
          {segment.kind === "formula" ? (
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Input className="font-mono" value={segment.text} placeholder={t("formulaPlaceholder")} onChange={(e) => update(index, e.target.value)} aria-label={t("formula")} />
              {/* The formula as it will read, typeset while it is typed. */}
              {segment.text.trim() && (
                <div className="rounded border border-dashed border-border px-2" aria-label={t("formulaPreview")} data-testid="formula-preview">
                  <Formula tex={segment.text} />
                </div>
              )}
            </div>
          ) : (
            <div className="flex min-w-0 flex-1 flex-col gap-1">
              <Textarea
                rows={Math.min(8, Math.max(3, segment.text.split("\n").length))}
                value={segment.text}
                placeholder={t("descriptionPlaceholder")}
                aria-label={t("segment", { index: index + 1 })}
                onChange={(e) => update(index, e.target.value)}
              />
              {segment.text.includes("$") && (
                <p className="whitespace-pre-wrap rounded border border-dashed border-border px-2 py-1 text-sm" aria-label={t("formulaPreview")} data-testid="formula-preview">
                  <TextWithMath text={segment.text} />
                </p>
              )}
            </div>
          )}
          <Button size="icon" variant="ghost" aria-label={t("removeSegment")} title={t("removeSegment")} onClick={() => setSegments(segments.filter((_, i) => i !== index))}>
            <Trash2 size={14} />
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => setSegments([...segments, { kind: "text", text: "" }])}>
          <Plus size={14} />
          {t("addText")}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setSegments([...segments, { kind: "formula", text: "" }])}>
          <Sigma size={14} />
          {t("addFormula")}
        </Button>
        <span className="flex-1" />
        <Button size="sm" variant="ghost" onClick={() => setSegments(null)}>
          {t("cancel")}
        </Button>
        <Button size="sm" onClick={save} disabled={saving} data-testid="save-description">
          {t("save")}
        </Button>
      </div>
    </div>
  );
}
