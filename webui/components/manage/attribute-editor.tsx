"use client";
import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { AttributeDefinition } from "@/lib/api/manage";
import { VALUE_TYPES } from "@/lib/manage/attributes";

/** Attribute definitions of an entity type (SPEC §3): code, name, type, length, required, editable. */
export function AttributeEditor({ value, onChange, errors }: { value: AttributeDefinition[]; onChange: (next: AttributeDefinition[]) => void; errors: string[] }) {
  const t = useTranslations("manage.attributes");
  const set = (index: number, patch: Partial<AttributeDefinition>) => onChange(value.map((row, i) => (i === index ? { ...row, ...patch } : row)));
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-2 text-sm" data-testid="attribute-editor">
      <legend className="px-1 text-muted">{t("title")}</legend>
      {value.length > 0 && (
        <div className="grid grid-cols-[1fr_1fr_1fr_70px_50px_50px_32px] gap-1 text-xs text-muted">
          <span>{t("code")}</span>
          <span>{t("name")}</span>
          <span>{t("valueType")}</span>
          <span>{t("valueLength")}</span>
          <span>{t("required")}</span>
          <span>{t("editable")}</span>
          <span />
        </div>
      )}
      {value.map((row, index) => (
        <div key={index} className="grid grid-cols-[1fr_1fr_1fr_70px_50px_50px_32px] items-center gap-1">
          <Input aria-label={t("code")} value={row.code} onChange={(e) => set(index, { code: e.target.value })} />
          <Input aria-label={t("name")} value={row.name} onChange={(e) => set(index, { name: e.target.value })} />
          <Select aria-label={t("valueType")} value={row.valueType} onChange={(e) => set(index, { valueType: e.target.value })}>
            {VALUE_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`types.${type}`)}
              </option>
            ))}
          </Select>
          <Input
            aria-label={t("valueLength")}
            type="number"
            min={1}
            value={row.valueLength ?? ""}
            onChange={(e) => set(index, { valueLength: e.target.value === "" ? null : Number(e.target.value) })}
          />
          <input type="checkbox" aria-label={t("required")} className="h-4 w-4" checked={!row.isNull} onChange={(e) => set(index, { isNull: !e.target.checked })} />
          <input type="checkbox" aria-label={t("editable")} className="h-4 w-4" checked={row.isEdit} onChange={(e) => set(index, { isEdit: e.target.checked })} />
          <Button type="button" variant="ghost" size="icon" aria-label={t("remove")} onClick={() => onChange(value.filter((_, i) => i !== index))}>
            <X size={14} />
          </Button>
        </div>
      ))}
      {errors.map((error, index) => (
        <p key={index} className="text-xs text-danger" role="alert">
          {error}
        </p>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => onChange([...value, { code: "", name: "", valueType: "text", valueLength: null, defaultValue: null, isEdit: true, isNull: true, sort: value.length, param: {} }])}
        >
          <Plus size={13} />
          {t("add")}
        </Button>
      </div>
    </fieldset>
  );
}
