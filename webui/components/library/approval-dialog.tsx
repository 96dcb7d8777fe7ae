"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Row } from "@/components/library/apply-dialog";
import { useFormRules } from "@/components/manage/form-dialog";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/client";
import { libraryApi, type ApplyRecord } from "@/lib/api/library";
import { toast } from "@/lib/feedback";
import { approvalFields } from "@/lib/library/forms";
import { validateForm, withServerRules } from "@/lib/manage/form";

/** SPEC §2 approval: pass or reject plus an opinion (text area 3–5 rows). */
export function ApprovalDialog({ record, onClose, onDone }: { record: ApplyRecord | null; onClose: () => void; onDone: () => void }) {
  const t = useTranslations("library.approval");
  const tm = useTranslations("manage");
  const fields = withServerRules(approvalFields({ state: t("state"), opinion: t("opinion") }), useFormRules("libraryApproval"));
  const [state, setState] = useState<number | null>(null);
  const [opinion, setOpinion] = useState("");
  // Field → message: the server's rules checked here first, then the server's own answer (every invalid field at once).
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setState(null);
    setOpinion("");
    setErrors({});
  }, [record]);
  function check(): Record<string, string> {
    const found = validateForm(fields, { state: state === null ? null : String(state), opinion }, false);
    return Object.fromEntries(
      Object.entries(found).map(([name, key]) => {
        const field = fields.find((f) => f.name === name);
        return [name, tm(`form.${key}`, { max: field?.maxLength ?? 0, min: field?.minLength ?? 0, label: field?.label ?? name })];
      }),
    );
  }
  useEffect(() => {
    setErrors((shown) => (Object.keys(shown).length ? check() : shown));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [state, opinion]);
  const rows = Math.min(5, Math.max(3, opinion.split("\n").length));
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length || !record) return;
    setBusy(true);
    try {
      await libraryApi.approve(record.id, state as 2 | 3, opinion.trim());
      toast("success", { text: t("success") });
      onDone();
      onClose();
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
      if (cause.fields) setErrors(cause.fields);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Dialog open={record !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent data-testid="approval-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("title", { name: record?.graphName ?? "" })}</DialogTitle>
        <DialogDescription className="mb-3 text-sm text-muted">{t("from", { name: record?.createUserName ?? "", project: record?.projectName ?? "" })}</DialogDescription>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 text-sm">
          <Row label={t("state")} error={errors.state} required>
            <div className="flex gap-4" role="radiogroup" aria-label={t("state")}>
              <label className="flex items-center gap-1">
                <input type="radio" name="approval-state" checked={state === 2} onChange={() => setState(2)} data-testid="approval-pass" />
                {t("pass")}
              </label>
              <label className="flex items-center gap-1">
                <input type="radio" name="approval-state" checked={state === 3} onChange={() => setState(3)} data-testid="approval-reject" />
                {t("reject")}
              </label>
            </div>
          </Row>
          <Row label={t("opinion")} error={errors.opinion} required>
            <Textarea rows={rows} aria-label={t("opinion")} placeholder={t("opinionPlaceholder")} value={opinion} onChange={(e) => setOpinion(e.target.value)} data-testid="approval-opinion" />
          </Row>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={busy} data-testid="approval-submit">
              {t("submit")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
