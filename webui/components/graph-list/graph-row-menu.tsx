"use client";
import { Copy, MoreHorizontal, Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useLibraryOffer } from "@/components/library/library-offer";
import { EXPORT_FORMATS, ExportSubmenu, GraphRecordItems, PICTURE_FORMATS } from "@/components/graph/graph-menu-items";
import type { GraphListItem } from "@/lib/api/types";

export type RowAction = "rename" | "copy" | "delete" | "publish" | "unpublish" | "versions" | "tasks";

/** The screens a graph opens in, by template kind (SPEC §2). */
export function graphScreens(graph: Pick<GraphListItem, "id" | "templateKind">): { key: string; href: string }[] {
  const screens = [
    { key: "mindmap", href: `/knowledgeGraph/knowledgeTree/${graph.id}` },
    { key: "relation", href: `/knowledgeGraph/RelationGraph/${graph.id}` },
    { key: "points", href: `/knowledgeGraph/pointList/${graph.id}` },
  ];
  if (graph.templateKind === "majorAbilityTarget") screens.push({ key: "majorGraph", href: `/major_graph/${graph.id}` }, { key: "majorPortal", href: `/major_portal/${graph.id}` });
  if (graph.templateKind === "majorTeaching") screens.push({ key: "trainingPlan", href: `/training_plan/${graph.id}` }, { key: "majorPortal", href: `/major_portal/${graph.id}` });
  if (graph.templateKind === "courseAbility" || graph.templateKind === "course") screens.push({ key: "courseGraph", href: `/course_graph/${graph.id}` });
  return screens;
}

export function GraphRowMenu({
  graph,
  onAction,
  onExport,
  onLibraryChange,
}: {
  graph: GraphListItem;
  onAction: (action: RowAction) => void;
  onExport: (format: string) => void;
  /** After 申请入库 or its withdrawal: the list reloads, so the row shows the new state at once. */
  onLibraryChange?: () => void;
}) {
  const t = useTranslations("graph");
  const tv = useTranslations("graphScreens");
  const editable = graph.isEdit === 1;
  // The library entries follow the graph's library state, read once the menu has been opened.
  const [opened, setOpened] = useState(false);
  const library = useLibraryOffer(editable, graph.id, opened, onLibraryChange);
  return (
    <>
    <DropdownMenu onOpenChange={(open) => open && setOpened(true)}>
      <DropdownMenuTrigger asChild>
        <Button size="icon" variant="ghost" aria-label={t("actions")} data-testid="row-menu">
          <MoreHorizontal size={16} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {graphScreens(graph).map((screen) => (
          <DropdownMenuItem key={screen.key} asChild>
            <Link href={screen.href}>{tv(screen.key)}</Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        {editable && (
          <DropdownMenuItem onSelect={() => onAction("rename")} data-testid="row-rename">
            <Pencil size={14} />
            {t("renameGraph")}
          </DropdownMenuItem>
        )}
        <DropdownMenuItem onSelect={() => onAction("copy")} data-testid="row-copy">
          <Copy size={14} />
          {t("copyGraph")}
        </DropdownMenuItem>
        <ExportSubmenu label={t("export")} formats={[...EXPORT_FORMATS, ...PICTURE_FORMATS]} onExport={onExport} />
        <GraphRecordItems editable={editable} released={graph.releaseState === 1} onAction={onAction} testIds={{ publish: "row-publish", unpublish: "row-unpublish" }} />
        {library.items}
        {editable && (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuItem className="text-danger data-[highlighted]:bg-danger/10 data-[highlighted]:text-danger" onSelect={() => onAction("delete")} data-testid="row-delete">
              <Trash2 size={14} />
              {t("delete")}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
    {library.dialogs}
    </>
  );
}
