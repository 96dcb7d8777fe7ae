"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { ProjectPicker } from "@/components/library/project-picker";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/client";
import { libraryApi } from "@/lib/api/library";
import { projectApi } from "@/lib/api/manage";
import type { ProjectOption } from "@/lib/api/types";
import { toast } from "@/lib/feedback";
import { checkApply, type ApplyErrors } from "@/lib/library/forms";

interface Props {
  open: boolean;
  graphId: number;
  graphName: string;
  onOpenChange: (open: boolean) => void;
  onApplied?: () => void;
}

/** SPEC §2 apply dialog: graph name, project, person in charge (project admins only), reason. */
export function ApplyDialog({ open, graphId, graphName, onOpenChange, onApplied }: Props) {
  const t = useTranslations("library.apply");
  const [name, setName] = useState(graphName);
  const [project, setProject] = useState<ProjectOption | null>(null);
  const [person, setPerson] = useState("");
  const [reason, setReason] = useState("");
  const [errors, setErrors] = useState<ApplyErrors>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (open) {
      setName(graphName);
      setProject(null);
      setPerson("");
      setReason("");
      setErrors({});
    }
  }, [open, graphName]);
  // SPEC §6: only project admins ('10') can be chosen as person in charge.
  const { data: admins } = useSWR(project ? ["project-admins", project.id] : null, () => projectApi.members(project!.id, "10"));
  useEffect(() => setPerson(""), [project]);
  // Once a submit showed the problems, they follow the fields as they are fixed.
  useEffect(() => {
    setErrors((shown) => (Object.keys(shown).length ? checkApply({ name, projectId: project?.id ?? null, receiveUserId: person ? Number(person) : null, remarks: reason }) : shown));
  }, [name, project, person, reason]);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = checkApply({ name, projectId: project?.id ?? null, receiveUserId: person ? Number(person) : null, remarks: reason });
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await libraryApi.apply({ graphId, graphName: name.trim(), projectId: project!.id, receiveUserId: Number(person), remarks: reason.trim() });
      toast("success", { text: t("success") });
      onOpenChange(false);
      onApplied?.();
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="apply-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("title")}</DialogTitle>
        <DialogDescription className="sr-only">{t("title")}</DialogDescription>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 text-sm">
          <Row label={t("graphName")} error={errors.name && t(errors.name)} required>
            <Input id="apply-name" value={name} onChange={(e) => setName(e.target.value)} aria-label={t("graphName")} />
          </Row>
          <Row label={t("project")} error={errors.projectId && t(errors.projectId)} required>
            <ProjectPicker value={project} onChange={setProject} invalid={!!errors.projectId} />
          </Row>
          <Row label={t("person")} error={errors.receiveUserId && t(errors.receiveUserId)} required>
            <Select aria-label={t("person")} value={person} onChange={(e) => setPerson(e.target.value)} disabled={!project} data-testid="apply-person">
              <option value="">{t("personPlaceholder")}</option>
              {(admins?.items ?? []).map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
            </Select>
          </Row>
          <Row label={t("reason")} error={errors.remarks && t(errors.remarks)} required>
            <Textarea rows={4} aria-label={t("reason")} placeholder={t("reasonPlaceholder")} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="apply-reason" />
          </Row>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={busy} data-testid="apply-submit">
              {t("submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function Row({ label, error, required, children }: { label: string; error?: string | false; required?: boolean; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1">
      <span className="text-muted">
        {required && <span className="mr-0.5 text-danger">*</span>}
        {label}
      </span>
      {children}
      {error && (
        <span className="text-xs text-danger" role="alert">
          {error}
        </span>
      )}
    </div>
  );
}
