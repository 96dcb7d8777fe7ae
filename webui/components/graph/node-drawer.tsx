"use client";
import { Maximize2, Minimize2, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useLayoutEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useNode } from "@/hooks/use-graph";
import type { TemplateStructure, TreeNode } from "@/lib/api/graph-types";
import { hasAbilityDescription, lookOf, type EntityLook } from "@/lib/graph/entities";
import type { IndexEntry } from "@/lib/graph/tree-ops";
import { cn } from "@/lib/utils";
import { AttributesTab, COURSE_NAME, attributeDefinitions } from "./attributes-tab";
import { CourseNameField } from "./course-name-field";
import { DescriptionTab, DescriptionView } from "./description-tab";
import { RelationsTab } from "./relations-tab";
import { TagsTab } from "./tags-tab";
import { readableOn } from "@/lib/colors";

/** SPEC §6: tags are edited only in teaching graphs, on controllable nodes. */
const TAGGED_KINDS = new Set(["teaching"]);
const LEVELLED_TYPES = new Set(["CourseAbilityPoint"]);
/** SPEC §6: course names are edited under a major ability target only. */
const COURSE_NAME_KINDS = new Set(["majorAbilityTarget"]);

export interface NodeDrawerProps {
  graphId: number;
  nodeId: number;
  template: TemplateStructure | undefined;
  looks: Map<string, EntityLook>;
  index: Map<number, IndexEntry<TreeNode>>;
  /** The graph may be edited by this user (isEdit); the preview drawer passes false. */
  editable: boolean;
  onClose: () => void;
  onFocusNode: (id: number) => void;
  onChanged: () => void;
}

/** SPEC §2 "Node detail drawer": right side, 30vw or 90vw, tabs 描述 / 关系 / 标签 / 属性 or 能力分级. */
export function NodeDrawer({ graphId, nodeId, template, looks, index, editable, onClose, onFocusNode, onChanged }: NodeDrawerProps) {
  const t = useTranslations("drawer");
  const [wide, setWide] = useState(false);
  const aside = useRef<HTMLElement>(null);
  /** The app header's height until the area the drawer opens in has been measured. */
  const [top, setTop] = useState(48);
  useLayoutEffect(() => {
    const area = aside.current?.parentElement;
    if (!area) return;
    const measure = () => setTop(Math.max(0, area.getBoundingClientRect().top));
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, []);
  const [tab, setTab] = useState("description");
  const { data: node, mutate } = useNode(graphId, nodeId);
  const entity = template?.entitys.find((candidate) => candidate.code === node?.type);
  const definitions = attributeDefinitions(entity?.attributes);
  const canEditNode = editable && Boolean(node?.isControl);
  const showTags = Boolean(node?.isControl) && TAGGED_KINDS.has(template?.kind ?? "");
  const nodeRef = { graphId, nodeId, revision: node?.revision };
  const saved = () => {
    void mutate();
    onChanged();
  };
  const look = node ? lookOf(looks, node.type) : null;
  const visibleTab = (tab === "tags" && !showTags) || (tab === "attributes" && definitions.length === 0) ? "description" : tab;
  return (
    // Above the shell's floating settings button (z-30), below dialogs (z-40 and up). Fixed to the
    // window, so 90vw is 90vw of the window (SPEC §9), sidebar or not; its top is the top of the
    // area it opens in, which keeps the graph header and its menu usable.
    <aside
      ref={aside}
      className={cn("fixed bottom-0 right-0 z-[35] flex flex-col border-l border-border bg-card shadow-xl transition-[width] duration-200")}
      style={{ top, width: wide ? "90vw" : "30vw", minWidth: 320, maxWidth: "100vw" }}
      data-testid="node-drawer"
      aria-label={t("title")}
    >
      <header className="flex items-center gap-2 border-b border-border px-4 py-2.5">
        {look && <span className="rounded px-1.5 py-0.5 text-xs" style={{ background: look.colour, color: readableOn(look.colour) }}>{look.name}</span>}
        <h2 className="min-w-0 flex-1 truncate font-semibold" data-testid="drawer-title">
          {node?.name ?? index.get(nodeId)?.node.name}
        </h2>
        <Button size="sm" variant="ghost" onClick={() => setWide(!wide)} data-testid="drawer-width">
          {wide ? <Minimize2 size={14} /> : <Maximize2 size={14} />}
          {wide ? t("collapse") : t("expand")}
        </Button>
        <Button size="icon" variant="ghost" aria-label={t("close")} onClick={onClose}>
          <X size={16} />
        </Button>
      </header>
      {node && (
        <Tabs value={visibleTab} onValueChange={setTab} className="flex min-h-0 flex-1 flex-col px-4">
          <TabsList>
            <TabsTrigger value="description">{t("description")}</TabsTrigger>
            <TabsTrigger value="relations">{t("relations")}</TabsTrigger>
            {showTags && <TabsTrigger value="tags">{t("tags")}</TabsTrigger>}
            {definitions.length > 0 && <TabsTrigger value="attributes">{LEVELLED_TYPES.has(node.type) ? t("abilityLevels") : t("attributes")}</TabsTrigger>}
          </TabsList>
          <div className="min-h-0 flex-1 overflow-auto pb-4">
            <TabsContent value="description">
              {entity?.attributes.some((definition) => definition.code === COURSE_NAME) && (
                <CourseNameField key={`course-${node.id}`} node={node} nodeRef={nodeRef} editable={canEditNode && COURSE_NAME_KINDS.has(template?.kind ?? "")} onSaved={saved} />
              )}
              {hasAbilityDescription(node.type) ? <DescriptionView node={node} /> : <DescriptionTab key={node.id} node={node} nodeRef={nodeRef} editable={canEditNode} onSaved={saved} />}
            </TabsContent>
            <TabsContent value="relations">
              <RelationsTab
                graphId={graphId}
                node={node}
                relationTypes={template?.relations ?? []}
                index={index}
                editable={canEditNode && TAGGED_KINDS.has(template?.kind ?? "")}
                onFocusNode={onFocusNode}
                onChanged={onChanged}
              />
            </TabsContent>
            {showTags && (
              <TabsContent value="tags">
                <TagsTab key={node.id} node={node} nodeRef={nodeRef} editable={canEditNode} onSaved={saved} />
              </TabsContent>
            )}
            {definitions.length > 0 && (
              <TabsContent value="attributes">
                <AttributesTab key={node.id} node={node} nodeRef={nodeRef} definitions={definitions} editable={canEditNode} onSaved={saved} />
              </TabsContent>
            )}
          </div>
        </Tabs>
      )}
    </aside>
  );
}
