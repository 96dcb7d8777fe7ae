"use client";
import {
  ArrowDownToLine,
  ArrowUpFromLine,
  ChevronsDownUp,
  ChevronsUpDown,
  ClipboardList,
  Copy,
  CornerDownRight,
  History,
  Menu,
  Pencil,
  Plus,
  ScanSearch,
  Library,
  Send,
  Trash2,
  Undo2,
} from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";

/** What the export submenu offers: the server's writers (toolkit/formats WRITERS) users ask for. */
export const EXPORT_FORMATS = [
  { format: "xlsx", key: "excel" },
  { format: "docx", key: "word" },
  { format: "xmind", key: "xmind" },
  { format: "edg", key: "edg" },
  { format: "md", key: "markdown" },
  { format: "opml", key: "opml" },
  { format: "mm", key: "freemind" },
] as const;

export const PICTURE_FORMATS = [
  { format: "png", key: "png" },
  { format: "svg", key: "svg" },
  { format: "pdf", key: "pdf" },
] as const;

export type GraphMenuAction =
  | "addSibling"
  | "addChild"
  | "renameNode"
  | "deleteNode"
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
  onAction,
  onExport,
}: {
  editable: boolean;
  released: boolean;
  hasSelection: boolean;
  selectionIsRoot: boolean;
  onAction: (action: GraphMenuAction) => void;
  onExport: (format: string) => void;
}) {
  const t = useTranslations("graph");
  return (
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
        <DropdownMenuSub>
          <DropdownMenuSubTrigger data-testid="export-menu">
            <ArrowDownToLine size={14} />
            {t("export")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            {EXPORT_FORMATS.map((entry) => (
              <DropdownMenuItem key={entry.format} onSelect={() => onExport(entry.format)} data-testid={`export-${entry.format}`}>
                {t(`format.${entry.key}`)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        <DropdownMenuSub>
          <DropdownMenuSubTrigger>
            <ArrowDownToLine size={14} />
            {t("exportPicture")}
          </DropdownMenuSubTrigger>
          <DropdownMenuSubContent>
            {PICTURE_FORMATS.map((entry) => (
              <DropdownMenuItem key={entry.format} onSelect={() => onExport(entry.format)}>
                {t(`format.${entry.key}`)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuSubContent>
        </DropdownMenuSub>
        {editable && (
          <DropdownMenuItem onSelect={() => onAction("import")} data-testid="import-menu">
            <ArrowUpFromLine size={14} />
            {t("import")}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => onAction("versions")} data-testid="versions-menu">
          <History size={14} />
          {t("versions")}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => onAction("tasks")} data-testid="tasks-menu">
          <ClipboardList size={14} />
          {t("tasks")}
        </DropdownMenuItem>
        {editable &&
          (released ? (
            <DropdownMenuItem onSelect={() => onAction("unpublish")} data-testid="unpublish">
              <Undo2 size={14} />
              {t("unpublish")}
            </DropdownMenuItem>
          ) : (
            <DropdownMenuItem onSelect={() => onAction("publish")} data-testid="publish">
              <Send size={14} />
              {t("publish")}
            </DropdownMenuItem>
          ))}
        {editable && (
          <>
            <DropdownMenuItem onSelect={() => onAction("libraryPublish")} data-testid="library-publish">
              <Library size={14} />
              {t("libraryPublish")}
            </DropdownMenuItem>
            <DropdownMenuItem onSelect={() => onAction("libraryWithdraw")} data-testid="library-withdraw">
              <Undo2 size={14} />
              {t("libraryWithdraw")}
            </DropdownMenuItem>
          </>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
