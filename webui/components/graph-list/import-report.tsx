"use client";
import { useTranslations } from "next-intl";
import type { ImportPreview } from "@/lib/api/imports";

const SHOWN_NOTES = 20;

/** What importing a file will give: nodes read, what is not carried over, warnings and problems. */
export function ImportReportView({ preview }: { preview: ImportPreview }) {
  const t = useTranslations("graph.importReport");
  const report = preview.importReport;
  const notes = [...report.warnings, ...report.notices];
  return (
    <div className="flex max-h-64 flex-col gap-1 overflow-auto rounded border p-2 text-xs" data-testid="import-report">
      {preview.problems.length > 0 ? (
        <div className="text-destructive" data-testid="import-problems">
          <div className="font-medium">{t("problems", { count: preview.problems.length })}</div>
          <ul className="list-disc pl-4">
            {preview.problems.slice(0, SHOWN_NOTES).map((problem, index) => (
              <li key={index}>{problem}</li>
            ))}
          </ul>
        </div>
      ) : (
        <div data-testid="import-summary">{t("summary", { nodes: report.nodesRead, graphs: preview.sheets.length })}</div>
      )}
      {report.notCarried.length > 0 && (
        <div data-testid="import-not-carried">
          {t("notCarried")} {report.notCarried.map((entry) => `${entry.label} × ${entry.count}`).join("，")}
        </div>
      )}
      {notes.length > 0 && (
        <details data-testid="import-notes">
          <summary className="cursor-pointer">{t("notes", { count: notes.length })}</summary>
          <ul className="list-disc pl-4">
            {notes.slice(0, SHOWN_NOTES).map((note, index) => (
              <li key={index}>{note.message}</li>
            ))}
          </ul>
          {notes.length > SHOWN_NOTES && <div>{t("more", { count: notes.length - SHOWN_NOTES })}</div>}
        </details>
      )}
    </div>
  );
}
