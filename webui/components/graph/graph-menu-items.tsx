"use client";
import { ArrowDownToLine, ClipboardList, History, Send, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { DropdownMenuItem, DropdownMenuSub, DropdownMenuSubContent, DropdownMenuSubTrigger } from "@/components/ui/dropdown-menu";

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

type Format = (typeof EXPORT_FORMATS)[number] | (typeof PICTURE_FORMATS)[number];

/** A submenu of export formats; the graph menu and a graph list row both offer it. */
export function ExportSubmenu({ label, formats, onExport, testId }: { label: string; formats: readonly Format[]; onExport: (format: string) => void; testId?: string }) {
  const t = useTranslations("graph");
  return (
    <DropdownMenuSub>
      <DropdownMenuSubTrigger data-testid={testId}>
        <ArrowDownToLine size={14} />
        {label}
      </DropdownMenuSubTrigger>
      <DropdownMenuSubContent>
        {formats.map((entry) => (
          <DropdownMenuItem key={entry.format} onSelect={() => onExport(entry.format)} data-testid={`export-${entry.format}`}>
            {t(`format.${entry.key}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuSubContent>
    </DropdownMenuSub>
  );
}

export type RecordAction = "versions" | "tasks" | "publish" | "unpublish";

/**
 * The graph-wide entries the graph menu and a graph list row share (SPEC §4): version record,
 * task actions, and release or cancel release for those who may edit.
 */
export function GraphRecordItems({
  editable,
  released,
  onAction,
  testIds = {},
}: {
  editable: boolean;
  released: boolean;
  onAction: (action: RecordAction) => void;
  testIds?: Partial<Record<RecordAction, string>>;
}) {
  const t = useTranslations("graph");
  return (
    <>
      <DropdownMenuItem onSelect={() => onAction("versions")} data-testid={testIds.versions}>
        <History size={14} />
        {t("versions")}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={() => onAction("tasks")} data-testid={testIds.tasks}>
        <ClipboardList size={14} />
        {t("tasks")}
      </DropdownMenuItem>
      {editable &&
        (released ? (
          <DropdownMenuItem onSelect={() => onAction("unpublish")} data-testid={testIds.unpublish}>
            <Undo2 size={14} />
            {t("unpublish")}
          </DropdownMenuItem>
        ) : (
          <DropdownMenuItem onSelect={() => onAction("publish")} data-testid={testIds.publish}>
            <Send size={14} />
            {t("publish")}
          </DropdownMenuItem>
        ))}
    </>
  );
}
