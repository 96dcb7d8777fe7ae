"use client";
import { ExternalLink } from "lucide-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useProjects } from "@/hooks/use-projects";
import { useTemplates } from "@/hooks/use-templates";
import { ApiError } from "@/lib/api/client";
import { miningApi, type AcceptAnswer } from "@/lib/api/excavate";

/** The template a catalogue graph gets unless another is chosen (the API's default). */
const DEFAULT_TEMPLATE = "teaching";

/**
 * A catalogue task's open results become a NEW graph (acceptAsGraph): name, project and template
 * chosen here; once made, the dialog offers to open the graph.
 */
export function CatalogueGraphDialog({ taskId, open, onOpenChange, onCreated }: { taskId: number; open: boolean; onOpenChange: (open: boolean) => void; onCreated: () => void }) {
  const t = useTranslations("excavate.review");
  const tc = useTranslations("common");
  const locale = useLocale();
  const { data: projects } = useProjects(50, open);
  const [projectId, setProjectId] = useState<number | null>(null);
  const { data: templates } = useTemplates(projectId);
  const [name, setName] = useState("");
  const [templateCode, setTemplateCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<(AcceptAnswer & { name: string }) | null>(null);
  const offered = templates ?? [];
  // The default template while the project allows it; otherwise the reviewer chooses.
  const template = templateCode ?? (offered.some((option) => option.code === DEFAULT_TEMPLATE) ? DEFAULT_TEMPLATE : null);
  const ready = Boolean(name.trim()) && template !== null && !busy;

  const close = (next: boolean) => {
    if (!next) {
      setMade(null);
      setName("");
    }
    onOpenChange(next);
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    setBusy(true);
    try {
      const answer = await miningApi.acceptAsGraph(taskId, name, projectId, template!);
      setMade({ ...answer, name: name.trim() });
      onCreated();
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent data-testid="catalogue-graph-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("asGraphTitle")}</DialogTitle>
        {made ? (
          <div className="flex flex-col gap-3 text-sm" data-testid="catalogue-graph-made">
            <p>{t("asGraphDone", { name: made.name, count: made.accepted })}</p>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => close(false)}>
                {t("close")}
              </Button>
              <Button asChild>
                <Link href={`/knowledgeGraph/knowledgeTree/${made.graphId}`} data-testid="catalogue-graph-open">
                  <ExternalLink size={14} />
                  {t("openNewGraph")}
                </Link>
              </Button>
            </div>
          </div>
        ) : (
          <form className="flex flex-col gap-3" onSubmit={submit}>
            <p className="text-sm text-muted">{t("asGraphHint")}</p>
            <Field label={tc("name")} required>
              <Input value={name} onChange={(e) => setName(e.target.value)} data-testid="catalogue-graph-name" autoFocus />
            </Field>
            <Field label={tc("project")}>
              <Select value={projectId ?? ""} onChange={(e) => (setProjectId(e.target.value ? Number(e.target.value) : null), setTemplateCode(null))} data-testid="catalogue-graph-project">
                <option value="">{tc("noProject")}</option>
                {projects?.items.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label={tc("template")} required>
              <Select value={template ?? ""} onChange={(e) => setTemplateCode(e.target.value || null)} data-testid="catalogue-graph-template">
                <option value="" />
                {offered.map((option) => (
                  <option key={option.id} value={option.code}>
                    {locale === "en" && option.nameEn ? option.nameEn : option.name}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={() => close(false)}>
                {tc("cancel")}
              </Button>
              <Button type="submit" disabled={!ready} data-testid="catalogue-graph-create">
                {t("asGraphCreate")}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
