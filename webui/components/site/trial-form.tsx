"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Row } from "@/components/library/apply-dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/client";
import { trialApi } from "@/lib/api/manage";

/** Ask for a trial without signing in (/api/trial/apply); an admin handles it in /applyfor/index. */
export function TrialForm() {
  const t = useTranslations("site.trial");
  const [form, setForm] = useState({ name: "", unitName: "", tel: "", email: "", reason: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setForm({ ...form, [key]: e.target.value });
  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found: Record<string, string> = {};
    for (const key of ["name", "unitName", "tel", "reason"] as const) if (!form[key].trim()) found[key] = t("required");
    if (form.tel.trim() && !/^1\d{10}$/.test(form.tel.trim())) found.tel = t("telInvalid");
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      await trialApi.apply(Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v.trim()])));
      setDone(true);
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
    } finally {
      setBusy(false);
    }
  }
  if (done)
    return (
      <p className="rounded-lg bg-success/10 p-4 text-success" data-testid="trial-done">
        {t("done")}
      </p>
    );
  return (
    <form onSubmit={submit} noValidate className="grid grid-cols-1 gap-3 text-sm sm:grid-cols-2" data-testid="trial-form">
      <Row label={t("name")} error={errors.name} required>
        <Input aria-label={t("name")} value={form.name} onChange={set("name")} />
      </Row>
      <Row label={t("unit")} error={errors.unitName} required>
        <Input aria-label={t("unit")} value={form.unitName} onChange={set("unitName")} />
      </Row>
      <Row label={t("tel")} error={errors.tel} required>
        <Input aria-label={t("tel")} value={form.tel} onChange={set("tel")} inputMode="numeric" />
      </Row>
      <Row label={t("email")}>
        <Input aria-label={t("email")} value={form.email} onChange={set("email")} />
      </Row>
      <div className="sm:col-span-2">
        <Row label={t("reason")} error={errors.reason} required>
          <Textarea aria-label={t("reason")} rows={3} value={form.reason} onChange={set("reason")} />
        </Row>
      </div>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={busy} data-testid="trial-submit">
          {t("submit")}
        </Button>
      </div>
    </form>
  );
}
