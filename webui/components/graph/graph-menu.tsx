"use client";
import {
  ArrowDownUp,
  ArrowUpFromLine,
  ChevronsDownUp,
  ChevronsUpDown,
  Copy,
  CornerDownRight,
  Menu,
  Pencil,
  Plus,
  ScanSearch,
  Link2,
  MoveRight,
  Shapes,
  Trash2,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { useLibraryOffer } from "@/components/library/library-offer";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { EXPORT_FORMATS, ExportSubmenu, GraphRecordItems, PICTURE_FORMATS } from "./graph-menu-items";

export type GraphMenuAction =
  | "addSibling"
  | "addChild"
  | "renameNode"
  | "deleteNode"
  | "moveNode"
  | "bindPoint"
  | "sortChildren"
  | "changeType"
  | "renameGraph"
  | "copyGraph"
  | "collapseAll"
  | "expandAll"
  | "duplicates"
  | "import"
  | "versions"
  | "tasks"
  | "publish"
  | "unpublish"
  | "libraryPublish"
  | "libraryWithdraw";

/** SPEC §4 graph menu actions for one graph (the selected node is the target of node actions). */
export function GraphMenu({
  editable,
  released,
  hasSelection,
  selectionIsRoot,
  selectionHasChildren,
  onAction,
  onExport,
}: {
  editable: boolean;
  released: boolean;
  hasSelection: boolean;
  selectionIsRoot: boolean;
  selectionHasChildren: boolean;
  onAction: (action: GraphMenuAction) => void;
  onExport: (format: string) => void;
}) {
  const t = useTranslations("graph");
  // The library entries depend on the graph's library state (only the valid one is shown).
  const library = useLibraryOffer(editable);
  return (
    <>
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" data-testid="graph-menu">
          <Menu size={14} />
          {t("menu")}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {editable && (
          <>
            <DropdownMenuItem disabled={!hasSelection || selectionIsRoot} onSelect={() => onAction("addSibling")}>
              <CornerDownRight size={14} />
              {t("addSibling")}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!hasSelection} onSelect={() => onAction("addChild")}>
              <Plus size={14} />
              {t("addChild")}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!hasSelection} onSelect={() => onAction("renameNode")}>
              <Pencil size={14} />
              {t("renameNode")}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!hasSelection || selectionIsRoot} onSelect={() => onAction("deleteNode")}>
              <Trash2 size={14} />
              {t("deleteNode")}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!hasSelection || selectionIsRoot} onSelect={() => onAction("moveNode")} data-testid="move-menu">
              <MoveRight size={14} />
              {t("moveNode")}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!hasSelection || !selectionHasChildren} onSelect={() => onAction("sortChildren")} data-testid="sort-menu">
              <ArrowDownUp size={14} />
              {t("sortChildren")}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!hasSelection || selectionIsRoot} onSelect={() => onAction("changeType")} data-testid="type-menu">
              <Shapes size={14} />
              {t("changeType")}
            </DropdownMenuItem>
            <DropdownMenuItem disabled={!hasSelection} onSelect={() => onAction("bindPoint")} data-testid="bind-menu">
              <Link2 size={14} />
              {t("bindPoint")}
            </DropdownMenuItem>
            <DropdownMenuSeparator />
            <DropdownMenuItem onSelect={() => onAction("renameGraph")}>
              <Pencil size={14} />
              {t("renameGraph")}
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuItem onSelect={() => onAction("copyGraph")}>
          <Copy size={14} />
          {t("copyGraph")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction("collapseAll")}>
          <ChevronsDownUp size={14} />
          {t("collapseAll")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction("expandAll")}>
          <ChevronsUpDown size={14} />
          {t("expandAll")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction("duplicates")}>
          <ScanSearch size={14} />
          {t("duplicates")}
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <ExportSubmenu label={t("export")} formats={EXPORT_FORMATS} onExport={onExport} testId="export-menu" />
        <ExportSubmenu label={t("exportPicture")} formats={PICTURE_FORMATS} onExport={onExport} />
        {editable && (
          <DropdownMenuItem onSelect={() => onAction("import")} data-testid="import-menu">
            <ArrowUpFromLine size={14} />
            {t("import")}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <GraphRecordItems editable={editable} released={released} onAction={onAction} testIds={{ versions: "versions-menu", tasks: "tasks-menu", publish: "publish", unpublish: "unpublish" }} />
        {library.items}
      </DropdownMenuContent>
    </DropdownMenu>
    {library.dialogs}
    </>
  );
}
