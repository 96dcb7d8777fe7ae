"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { ApiError } from "@/lib/api/client";
import { formRulesApi } from "@/lib/api/manage";
import { validateForm, withServerRules, type FieldSpec, type FormValue, type FormValues } from "@/lib/manage/form";

/** The server's form rules, read once per session (they change only with the server). */
export function useFormRules(form: string | undefined) {
  const { data } = useSWR(form ? ["form-rules"] : null, () => formRulesApi.all(), { revalidateOnFocus: false, revalidateIfStale: false });
  return form ? data?.[form] : undefined;
}

interface Props {
  open: boolean;
  title: string;
  fields: FieldSpec[];
  initial: FormValues;
  editing: boolean;
  onOpenChange: (open: boolean) => void;
  /** Resolves when saved; a rejection keeps the dialog open (the client already showed why). */
  onSubmit: (values: FormValues) => Promise<unknown>;
  /** Extra content under the fields (e.g. a structured editor). */
  children?: React.ReactNode;
  wide?: boolean;
  /** The server's form whose rules the fields follow (toolkit.admin.forms: user, unit, project, password). */
  form?: string;
}

/** One create/edit dialog for every manager page, built from field specs. */
export function FormDialog({ open, title, fields: pageFields, initial, editing, onOpenChange, onSubmit, children, wide, form }: Props) {
  const t = useTranslations("manage");
  const fields = withServerRules(pageFields, useFormRules(form));
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (open) {
      setValues(initial);
      setErrors({});
      setSummary(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const [summary, setSummary] = useState<string | null>(null);
  const set = (name: string, value: FormValue) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors(({ [name]: _fixed, ...rest }) => rest);
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const found = validateForm(fields, values, editing);
    const byField: Record<string, string> = {};
    for (const [name, key] of Object.entries(found)) {
      const field = fields.find((f) => f.name === name);
      byField[name] = t(`form.${key}`, { max: field?.maxLength ?? 0, min: field?.minLength ?? 0, label: field?.label ?? name });
    }
    setErrors(byField);
    setSummary(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await onSubmit(values);
      onOpenChange(false);
    } catch (cause) {
      // The server's field messages go under their fields; one for a field the dialog does not show
      // goes above the buttons. Otherwise the client (ApiError) or the page has already said why.
      if (cause instanceof ApiError && cause.fields) {
        const shownNames = new Set(fields.map((f) => f.name));
        setErrors(cause.fields);
        const elsewhere = Object.entries(cause.fields).filter(([name]) => !shownNames.has(name));
        setSummary(elsewhere.length ? elsewhere.map(([, text]) => text).join("; ") : null);
      } else if (!(cause instanceof ApiError)) console.warn(cause);
    } finally {
      setBusy(false);
    }
  }

  const shown = fields.filter((field) => !(field.createOnly && editing));
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className={wide ? "top-[6vh] w-[min(860px,94vw)]" : "top-[8vh]"} data-testid="form-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{title}</DialogTitle>
        <DialogDescription className="sr-only">{title}</DialogDescription>
        <form onSubmit={submit} noValidate className="flex max-h-[75vh] flex-col gap-3 overflow-y-auto pr-1">
          <div className={wide ? "grid grid-cols-1 gap-3 sm:grid-cols-2" : "flex flex-col gap-3"}>
            {shown.map((field) => (
              <FieldRow
                key={field.name}
                field={field}
                value={values[field.name] ?? null}
                error={errors[field.name] ?? null}
                disabled={editing && !!field.lockedOnEdit}
                editing={editing}
                onChange={(value) => set(field.name, value)}
                placeholderFor={(label) => t("enter", { label })}
              />
            ))}
          </div>
          {children}
          {summary && (
            <p className="text-xs text-danger" role="alert" data-testid="form-summary">
              {summary}
            </p>
          )}
          <div className="sticky bottom-0 flex justify-end gap-2 bg-card pt-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" disabled={busy} data-testid="form-submit">
              {busy ? t("saving") : t("save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function FieldRow({
  field,
  value,
  error,
  disabled,
  editing,
  onChange,
  placeholderFor,
}: {
  field: FieldSpec;
  value: FormValue;
  error: string | null;
  disabled: boolean;
  editing: boolean;
  onChange: (value: FormValue) => void;
  placeholderFor: (label: string) => string;
}) {
  const id = `field-${field.name}`;
  const text = typeof value === "string" ? value : "";
  let control: React.ReactNode;
  switch (field.type) {
    case "textarea":
      control = <Textarea id={id} name={field.name} rows={field.rows ?? 3} value={text} disabled={disabled} placeholder={field.placeholder ?? placeholderFor(field.label)} onChange={(e) => onChange(e.target.value)} />;
      break;
    case "select":
      control = (
        <Select id={id} name={field.name} value={text} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
          <option value="">{field.placeholder ?? "—"}</option>
          {(field.options ?? []).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Select>
      );
      break;
    case "checkbox":
      control = <input id={id} name={field.name} type="checkbox" className="h-4 w-4 accent-[var(--primary)]" checked={value === true} disabled={disabled} onChange={(e) => onChange(e.target.checked)} />;
      break;
    case "color":
      control = (
        <div className="flex items-center gap-2">
          <Input id={id} name={field.name} value={text} disabled={disabled} placeholder="#0960bd" onChange={(e) => onChange(e.target.value)} />
          <input type="color" aria-label={field.label} className="h-8 w-10 cursor-pointer rounded border border-border bg-card" value={/^#[0-9a-fA-F]{6}$/.test(text) ? text : "#000000"} disabled={disabled} onChange={(e) => onChange(e.target.value)} />
        </div>
      );
      break;
    case "file":
      control = <input id={id} name={field.name} type="file" accept={field.accept} disabled={disabled} className="text-sm" onChange={(e) => onChange(e.target.files?.[0] ?? null)} />;
      break;
    default:
      control = (
        <Input
          id={id}
          name={field.name}
          type={field.type === "number" ? "number" : field.type === "password" ? "password" : field.type === "date" ? "date" : "text"}
          min={field.min}
          max={field.max}
          value={text}
          disabled={disabled}
          autoComplete={field.type === "password" ? "new-password" : "off"}
          placeholder={field.placeholder ?? placeholderFor(field.label)}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
  return (
    <div className={field.type === "textarea" ? "flex flex-col gap-1 text-sm sm:col-span-2" : "flex flex-col gap-1 text-sm"}>
      <label htmlFor={id} className="text-muted">
        {(field.required || (field.requiredOnCreate && !editing)) && <span className="mr-0.5 text-danger">*</span>}
        {field.label}
      </label>
      {control}
      {error && (
        <span className="text-xs text-danger" role="alert" data-testid={`error-${field.name}`}>
          {error}
        </span>
      )}
    </div>
  );
}
