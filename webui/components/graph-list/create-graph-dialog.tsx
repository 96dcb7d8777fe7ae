"use client";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useProjects } from "@/hooks/use-projects";
import { useTemplates } from "@/hooks/use-templates";
import { graphApi } from "@/lib/api/graph";
import type { GraphDetail } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";

/** New graph: from a template (name, template, project) or from a file (xlsx, docx, xmind, edg, …). */
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
  const [busy, setBusy] = useState(false);
  const ready = mode === "file" ? file !== null : Boolean(name.trim()) && templateId !== null;
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      const graph = mode === "file" ? await graphApi.createFromFile(file!, projectId, name) : await graphApi.create({ name: name.trim(), templateId: templateId!, projectId });
      toast("success", { key: "saved" });
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
              <input type="file" accept=".edg,.xlsx,.docx,.xmind,.md,.opml,.mm" className="text-sm" onChange={(e) => setFile(e.target.files?.[0] ?? null)} data-testid="create-file" />
            </Field>
          )}
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
