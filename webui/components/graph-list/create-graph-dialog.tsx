"use client";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { FilePicker } from "@/components/ui/file-picker";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useProjects } from "@/hooks/use-projects";
import { useTemplates } from "@/hooks/use-templates";
import { ImportReportView } from "@/components/graph-list/import-report";
import { graphApi } from "@/lib/api/graph";
import type { GraphDetail } from "@/lib/api/graph-types";
import { importApi, type ImportPreview } from "@/lib/api/imports";
import { toast } from "@/lib/feedback";

/** New graph: from a template (name, template, project) or from a file (xlsx, docx, xmind, edg, …). A
 * file is previewed first: its sheets (one graph each, or the one picked) and the import report. */
export function CreateGraphDialog({ mode, onOpenChange, onCreated }: { mode: "template" | "file" | null; onOpenChange: (open: boolean) => void; onCreated: (graph: GraphDetail) => void }) {
  const t = useTranslations("common");
  const tg = useTranslations("graph");
  const locale = useLocale();
  const { data: projects } = useProjects();
  const [projectId, setProjectId] = useState<number | null>(null);
  const { data: templates } = useTemplates(projectId);
  const [name, setName] = useState("");
  const [templateId, setTemplateId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [reading, setReading] = useState(false);
  const [sheet, setSheet] = useState("");
  const [busy, setBusy] = useState(false);
  const importable = file !== null && !reading && (preview === null || preview.problems.length === 0);
  const ready = mode === "file" ? importable : Boolean(name.trim()) && templateId !== null;
  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setPreview(null);
    setSheet("");
    if (!chosen) return;
    setReading(true);
    try {
      setPreview(await importApi.preview(chosen));
    } catch {
      // shown by the client; the import itself will say what is wrong
    } finally {
      setReading(false);
    }
  };
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      if (mode === "file") {
        const imported = await importApi.create(file!, projectId, name, sheet || null);
        toast("success", { text: tg("importCreated", { count: imported.graphIds.length, nodes: imported.importReport.nodesCreated }) });
        setPreview(null);
        setSheet("");
        setName("");
        setFile(null);
        onCreated(imported);
        return;
      }
      const graph = await graphApi.create({ name: name.trim(), templateId: templateId!, projectId });
      toast("success", { key: "graphCreated" });
      setName("");
      setFile(null);
      onCreated(graph);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={mode !== null} onOpenChange={onOpenChange}>
      <DialogContent data-testid="create-graph">
        <DialogTitle className="mb-3 text-base font-semibold">{mode === "file" ? tg("importFile") : tg("create")}</DialogTitle>
        <form className="flex flex-col gap-3" onSubmit={submit}>
          <Field label={t("project")}>
            <Select value={projectId ?? ""} onChange={(e) => (setProjectId(e.target.value ? Number(e.target.value) : null), setTemplateId(null))} data-testid="create-project">
              <option value="">{t("noProject")}</option>
              {projects?.items.map((project) => (
                <option key={project.id} value={project.id}>
                  {project.name}
                </option>
              ))}
            </Select>
          </Field>
          {mode === "template" && (
            <Field label={t("template")} required>
              <Select value={templateId ?? ""} onChange={(e) => setTemplateId(e.target.value ? Number(e.target.value) : null)} data-testid="create-template">
                <option value="" />
                {templates?.map((template) => (
                  <option key={template.id} value={template.id}>
                    {locale === "en" && template.nameEn ? template.nameEn : template.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {mode === "file" && (
            <Field label={t("file")} required>
              <FilePicker accept=".edg,.xlsx,.docx,.xmind,.md,.opml,.mm,.pdf" file={file} onChange={(chosen) => void choose(chosen)} testId="create-file" />
            </Field>
          )}
          {mode === "file" && reading && <div className="text-xs text-muted-foreground" data-testid="import-reading">{tg("importReading")}</div>}
          {mode === "file" && preview && preview.sheets.length > 1 && (
            <Field label={tg("importSheet")}>
              <Select value={sheet} onChange={(e) => setSheet(e.target.value)} data-testid="import-sheet">
                <option value="">{tg("importAllSheets", { count: preview.sheets.length })}</option>
                {preview.sheets.map((entry) => (
                  <option key={entry.name} value={entry.name}>
                    {`${entry.name} (${entry.nodes})`}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          {mode === "file" && preview && <ImportReportView preview={preview} />}
          <Field label={t("name")} required={mode === "template"}>
            <Input value={name} onChange={(e) => setName(e.target.value)} data-testid="create-name" />
          </Field>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={!ready || busy} data-testid="create-submit">
              {t("confirm")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
