"use client";
import { Maximize2, Minimize2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import type { GraphNode } from "@/lib/api/graph-types";
import type { PreviewGraph } from "@/lib/api/library";
import { splitDescription } from "@/lib/graph/description";
import { Formula, TextWithMath } from "@/components/graph/formula";
import { cn } from "@/lib/utils";

interface Props {
  node: GraphNode;
  graph: PreviewGraph;
  typeName: (type: string) => string;
  onClose: () => void;
  onFocus: (id: number) => void;
}

/** The read-only node drawer of the preview (SPEC §2: 30vw, 90vw expanded; description, relations, attributes). */
export function PreviewDrawer({ node, graph, typeName, onClose, onFocus }: Props) {
  const t = useTranslations("library.preview");
  const [wide, setWide] = useState(false);
  const names = new Map(graph.nodes.map((n) => [n.id, n.name]));
  const relations = graph.relations.filter((r) => r.startNodeId === node.id || r.targetNodeId === node.id);
  const groups = new Map<string, typeof relations>();
  for (const relation of relations) groups.set(relation.relationshipName, [...(groups.get(relation.relationshipName) ?? []), relation]);
  const attributes = Object.entries(node.attributes ?? {}).filter(([key]) => key !== "CourseName");
  const segments = splitDescription(node.desc);
  return (
    <aside
      className={cn("absolute inset-y-0 right-0 z-30 flex min-w-[320px] flex-col border-l border-border bg-card shadow-xl transition-[width] duration-200", wide ? "w-[90vw]" : "w-[30vw]")}
      data-testid="preview-drawer"
    >
      <header className="flex items-center gap-2 border-b border-border px-3 py-2">
        <h2 className="flex-1 truncate font-semibold">{node.name}</h2>
        <span className="rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">{typeName(node.type)}</span>
        <Button variant="ghost" size="sm" onClick={() => setWide(!wide)}>
          {wide ? <Minimize2 size={14} /> : <Maximize2 size={14} />}
          {wide ? t("collapse") : t("expand")}
        </Button>
        <Button variant="ghost" size="icon" aria-label={t("close")} onClick={onClose}>
          <X size={16} />
        </Button>
      </header>
      <Tabs defaultValue="desc" className="flex min-h-0 flex-1 flex-col px-3">
        <TabsList>
          <TabsTrigger value="desc">{t("description")}</TabsTrigger>
          <TabsTrigger value="relations">{t("relations")}</TabsTrigger>
          {attributes.length > 0 && <TabsTrigger value="attributes">{t("attributes")}</TabsTrigger>}
        </TabsList>
        <TabsContent value="desc" className="overflow-y-auto text-sm leading-6">
          {segments.length === 0 ? (
            <p className="text-muted">{t("noDescription")}</p>
          ) : (
            segments.map((segment, index) =>
              segment.kind === "formula" ? (
                <Formula key={index} tex={segment.text} className="my-1" />
              ) : (
                <p key={index} className="mb-2">
                  <TextWithMath text={segment.text} />
                </p>
              ),
            )
          )}
          {node.define && (
            <p className="mt-2 rounded border-l-2 border-primary bg-primary/5 px-2 py-1">
              <span className="font-medium">{t("definition")}</span>
              {node.define}
            </p>
          )}
        </TabsContent>
        <TabsContent value="relations" className="overflow-y-auto text-sm">
          {relations.length === 0 && <p className="text-muted">{t("noRelations")}</p>}
          {[...groups.entries()].map(([name, list]) => (
            <div key={name} className="mb-3">
              <h3 className="mb-1 font-medium">{name}</h3>
              <ul className="flex flex-wrap gap-1">
                {list.map((relation) => {
                  const other = relation.startNodeId === node.id ? relation.targetNodeId : relation.startNodeId;
                  return (
                    <li key={relation.relationId}>
                      <button className="rounded border border-border px-2 py-0.5 hover:border-primary hover:text-primary" onClick={() => onFocus(other)}>
                        {relation.startNodeId === node.id ? "→ " : "← "}
                        {names.get(other) ?? other}
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          ))}
        </TabsContent>
        <TabsContent value="attributes" className="overflow-y-auto text-sm">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
            {attributes.map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="text-muted">{key}</dt>
                <dd>{typeof value === "object" ? JSON.stringify(value) : String(value)}</dd>
              </div>
            ))}
          </dl>
        </TabsContent>
      </Tabs>
    </aside>
  );
}
