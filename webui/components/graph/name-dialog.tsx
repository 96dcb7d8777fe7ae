"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useProjects } from "@/hooks/use-projects";

/** Asks for a name (and, for copies, a project): rename and copy a graph. */
export function NameDialog({
  open,
  title,
  initialName,
  withProject,
  initialProjectId,
  onOpenChange,
  onSubmit,
}: {
  open: boolean;
  title: string;
  initialName: string;
  withProject?: boolean;
  initialProjectId?: number | null;
  onOpenChange: (open: boolean) => void;
  onSubmit: (name: string, projectId: number | null) => Promise<void>;
}) {
  const t = useTranslations("common");
  const { data: projects } = useProjects(50, open && Boolean(withProject));
  const [name, setName] = useState(initialName);
  const [projectId, setProjectId] = useState<number | null>(initialProjectId ?? null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(initialName);
      setProjectId(initialProjectId ?? null);
    }
  }, [open, initialName, initialProjectId]);
  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    setBusy(true);
    try {
      await onSubmit(name.trim(), projectId);
      onOpenChange(false);
    } catch {
      // shown by the client
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="name-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{title}</DialogTitle>
        <form className="flex flex-col gap-3" onSubmit={submit}>
          <Field label={t("name")} required>
            <Input autoFocus value={name} onChange={(e) => setName(e.target.value)} data-testid="name-input" />
          </Field>
          {!name.trim() && <p className="text-xs text-danger">{t("nameRequired")}</p>}
          {withProject && (
            <Field label={t("project")}>
              <Select value={projectId ?? ""} onChange={(e) => setProjectId(e.target.value ? Number(e.target.value) : null)}>
                <option value="">{t("noProject")}</option>
                {projects?.items.map((project) => (
                  <option key={project.id} value={project.id}>
                    {project.name}
                  </option>
                ))}
              </Select>
            </Field>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={busy || !name.trim()} data-testid="name-submit">
              {t("confirm")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
