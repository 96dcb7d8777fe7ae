"use client";
import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import type { ScopePair } from "@/lib/api/manage";
import type { Option } from "@/lib/manage/form";

/** The effect scope of a relation type: allowed (start entity, end entity) pairs. */
export function ScopeEditor({ value, onChange, entities }: { value: ScopePair[]; onChange: (next: ScopePair[]) => void; entities: Option[] }) {
  const t = useTranslations("manage.scope");
  const set = (index: number, patch: Partial<ScopePair>) => onChange(value.map((pair, i) => (i === index ? { ...pair, ...patch } : pair)));
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-2 text-sm" data-testid="scope-editor">
      <legend className="px-1 text-muted">{t("title")}</legend>
      {value.length === 0 && <p className="text-xs text-muted">{t("any")}</p>}
      {value.map((pair, index) => (
        <div key={index} className="flex items-center gap-2">
          <Select aria-label={t("start")} value={pair.startEntityCode} onChange={(e) => set(index, { startEntityCode: e.target.value })}>
            {entities.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
          <span className="text-muted">→</span>
          <Select aria-label={t("end")} value={pair.endEntityCode} onChange={(e) => set(index, { endEntityCode: e.target.value })}>
            {entities.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </Select>
          <Button type="button" variant="ghost" size="icon" aria-label={t("remove")} onClick={() => onChange(value.filter((_, i) => i !== index))}>
            <X size={14} />
          </Button>
        </div>
      ))}
      <div>
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={entities.length === 0}
          onClick={() => onChange([...value, { startEntityCode: entities[0]?.value ?? "", endEntityCode: entities[0]?.value ?? "" }])}
        >
          <Plus size={13} />
          {t("add")}
        </Button>
      </div>
    </fieldset>
  );
}
