"use client";
import { Plus, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { ScopeEditor } from "@/components/manage/scope-editor";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import type { ScopePair, TemplateEntity } from "@/lib/api/manage";
import type { Option } from "@/lib/manage/form";

export interface TemplateRelation {
  code: string;
  effectScope: ScopePair[];
}

interface Props {
  entitys: TemplateEntity[];
  relations: TemplateRelation[];
  entityOptions: Option[];
  relationOptions: Option[];
  onChange: (entitys: TemplateEntity[], relations: TemplateRelation[]) => void;
}

/** A template's entities (one root, children inside the template) and the relation types it allows. */
export function TemplateStructureEditor({ entitys, relations, entityOptions, relationOptions, onChange }: Props) {
  const t = useTranslations("manage.templates");
  const used = new Set(entitys.map((e) => e.code));
  const setEntity = (index: number, patch: Partial<TemplateEntity>) =>
    onChange(
      entitys.map((e, i) => (i === index ? { ...e, ...patch } : patch.isRoot ? { ...e, isRoot: false } : e)),
      relations,
    );
  const labelOf = (code: string) => entityOptions.find((o) => o.value === code)?.label ?? code;
  return (
    <div className="flex flex-col gap-3" data-testid="template-structure">
      <fieldset className="flex flex-col gap-2 rounded-md border border-border p-2 text-sm">
        <legend className="px-1 text-muted">{t("entitys")}</legend>
        {entitys.map((entity, index) => (
          <div key={index} className="flex flex-wrap items-center gap-2 border-b border-border pb-2 last:border-0">
            <Select aria-label={t("entity")} value={entity.code} onChange={(e) => setEntity(index, { code: e.target.value })}>
              {entityOptions
                .filter((o) => o.value === entity.code || !used.has(o.value))
                .map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
            </Select>
            <label className="flex items-center gap-1">
              <input type="radio" name="template-root" checked={entity.isRoot} onChange={() => setEntity(index, { isRoot: true })} />
              {t("root")}
            </label>
            <span className="text-muted">{t("children")}</span>
            {entitys
              .filter((other) => other.code !== entity.code)
              .map((other) => (
                <label key={other.code} className="flex items-center gap-1 text-xs">
                  <input
                    type="checkbox"
                    checked={entity.children.includes(other.code)}
                    onChange={(e) =>
                      setEntity(index, { children: e.target.checked ? [...entity.children, other.code] : entity.children.filter((c) => c !== other.code) })
                    }
                  />
                  {labelOf(other.code)}
                </label>
              ))}
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="ml-auto"
              aria-label={t("removeEntity")}
              onClick={() =>
                onChange(
                  entitys.filter((_, i) => i !== index).map((e) => ({ ...e, children: e.children.filter((c) => c !== entity.code) })),
                  relations.map((r) => ({ ...r, effectScope: r.effectScope.filter((p) => p.startEntityCode !== entity.code && p.endEntityCode !== entity.code) })),
                )
              }
            >
              <X size={14} />
            </Button>
          </div>
        ))}
        <div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={entityOptions.every((o) => used.has(o.value))}
            onClick={() => {
              const next = entityOptions.find((o) => !used.has(o.value));
              if (next) onChange([...entitys, { code: next.value, isRoot: entitys.length === 0, children: [] }], relations);
            }}
          >
            <Plus size={13} />
            {t("addEntity")}
          </Button>
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-2 rounded-md border border-border p-2 text-sm">
        <legend className="px-1 text-muted">{t("relations")}</legend>
        <div className="flex flex-wrap gap-3">
        {relationOptions.map((option) => {
          const on = relations.some((r) => r.code === option.value);
          return (
            <label key={option.value} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={on}
                onChange={(e) =>
                  onChange(entitys, e.target.checked ? [...relations, { code: option.value, effectScope: [] }] : relations.filter((r) => r.code !== option.value))
                }
              />
              {option.label}
            </label>
          );
        })}
        </div>
        {/* SPEC §3: each allowed relation has its effect scope within the template's entities. */}
        {relations.map((relation, index) => (
          <details key={relation.code} className="rounded border border-border px-2 py-1" data-testid="template-relation-scope">
            <summary className="cursor-pointer text-xs text-muted">
              {t("scopeOf", { name: relationOptions.find((o) => o.value === relation.code)?.label ?? relation.code, count: relation.effectScope.length })}
            </summary>
            <ScopeEditor
              value={relation.effectScope}
              entities={entitys.map((e) => ({ value: e.code, label: labelOf(e.code) }))}
              onChange={(scope) => onChange(entitys, relations.map((r, i) => (i === index ? { ...r, effectScope: scope } : r)))}
            />
          </details>
        ))}
      </fieldset>
    </div>
  );
}
