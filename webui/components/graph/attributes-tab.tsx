"use client";
import { Plus, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { nodeApi, type NodeRef } from "@/lib/api/graph";
import type { AttributeDefinition, GraphNode } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";
import {
  DEFAULT_ABILITY_LEVELS,
  LESS_OR_EQUAL,
  LESS_THAN,
  attributeForSending,
  checkAttributes,
  decimalPlaces,
  type AbilityLevel,
  type Problem,
} from "@/lib/graph/validation";

/** SPEC §3: the CourseName key is ignored in the attribute tab. */
export const COURSE_NAME = "CourseName";

export function attributeDefinitions(definitions: AttributeDefinition[] | undefined): AttributeDefinition[] {
  return (definitions ?? []).filter((definition) => definition.code !== COURSE_NAME).sort((a, b) => a.sort - b.sort);
}

function display(definition: AttributeDefinition, value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (Array.isArray(value)) return definition.valueType === "multiSelect" ? value.join("、") : String(value.length);
  return String(value);
}

function LevelsEditor({ value, onChange, readOnly }: { value: AbilityLevel[]; onChange: (levels: AbilityLevel[]) => void; readOnly: boolean }) {
  const t = useTranslations("drawer");
  const set = (index: number, patch: Partial<AbilityLevel>) => onChange(value.map((level, i) => (i === index ? { ...level, ...patch } : level)));
  const comparison = (type: number) => (type === LESS_OR_EQUAL ? "≤" : "<");
  return (
    <div className="flex flex-col gap-2" data-testid="ability-levels">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left text-muted">
            <th className="font-normal">{t("levelName")}</th>
            <th className="font-normal">{t("levelRange")}</th>
            <th className="font-normal">{t("levelDesc")}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {value.map((level, index) =>
            readOnly ? (
              <tr key={index} className="border-t border-border">
                <td className="py-1">{level.name}</td>
                <td className="py-1 tabular-nums">
                  {level.rangeStart} {comparison(level.rangeStartType)} x {comparison(level.rangeEndType)} {level.rangeEnd}
                </td>
                <td className="py-1">{level.desc}</td>
                <td />
              </tr>
            ) : (
              <tr key={index} className="border-t border-border align-top">
                <td className="py-1 pr-1">
                  <Input value={level.name} aria-label={t("levelName")} onChange={(e) => set(index, { name: e.target.value })} />
                </td>
                <td className="flex items-center gap-1 py-1 pr-1">
                  <Input className="w-16" type="number" min={0} max={100} value={level.rangeStart} aria-label={t("rangeStart")} onChange={(e) => set(index, { rangeStart: Number(e.target.value) })} />
                  <Select aria-label={t("rangeStartType")} value={level.rangeStartType} onChange={(e) => set(index, { rangeStartType: Number(e.target.value) as 0 | 1 })}>
                    <option value={LESS_OR_EQUAL}>≤</option>
                    <option value={LESS_THAN}>&lt;</option>
                  </Select>
                  <span>x</span>
                  <Select aria-label={t("rangeEndType")} value={level.rangeEndType} onChange={(e) => set(index, { rangeEndType: Number(e.target.value) as 0 | 1 })}>
                    <option value={LESS_THAN}>&lt;</option>
                    <option value={LESS_OR_EQUAL}>≤</option>
                  </Select>
                  <Input className="w-16" type="number" min={0} max={100} value={level.rangeEnd} aria-label={t("rangeEnd")} onChange={(e) => set(index, { rangeEnd: Number(e.target.value) })} />
                </td>
                <td className="py-1 pr-1">
                  <Input value={level.desc} aria-label={t("levelDesc")} onChange={(e) => set(index, { desc: e.target.value })} />
                </td>
                <td className="py-1">
                  <Button size="icon" variant="ghost" aria-label={t("removeLevel")} onClick={() => onChange(value.filter((_, i) => i !== index))}>
                    <Trash2 size={14} />
                  </Button>
                </td>
              </tr>
            ),
          )}
        </tbody>
      </table>
      {!readOnly && (
        <div className="flex gap-2">
          <Button size="sm" variant="outline" onClick={() => onChange([...value, { name: "", rangeStart: 0, rangeStartType: 1, rangeEnd: 0, rangeEndType: 0, desc: "" }])}>
            <Plus size={14} />
            {t("addLevel")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => onChange(DEFAULT_ABILITY_LEVELS)}>
            {t("defaultLevels")}
          </Button>
        </div>
      )}
    </div>
  );
}

function AttributeInput({ definition, value, onChange }: { definition: AttributeDefinition; value: unknown; onChange: (value: unknown) => void }) {
  const t = useTranslations("drawer");
  const text = value === null || value === undefined ? "" : String(value);
  const common = { "aria-label": definition.name, disabled: !definition.isEdit };
  switch (definition.valueType) {
    case "integer":
      return <Input {...common} type="number" min={0} step={1} value={text} onChange={(e) => onChange(e.target.value)} />;
    case "decimal":
      return <Input {...common} type="number" min={0} step={Math.pow(10, -decimalPlaces(definition))} value={text} onChange={(e) => onChange(e.target.value)} />;
    case "datetime":
      // The picker speaks ISO ("T"); the API speaks "YYYY-MM-DD HH:mm" (SPEC §5).
      return <Input {...common} type="datetime-local" value={text.replace(" ", "T")} onChange={(e) => onChange(e.target.value.replace("T", " ").slice(0, 16))} />;
    case "list":
      return (
        <Select {...common} value={text} onChange={(e) => onChange(e.target.value)}>
          <option value="">{t("choose")}</option>
          {(definition.param?.options ?? []).map((option, index) => (
            <option key={option} value={option}>
              {definition.param?.optionLabels?.[index] ?? option}
            </option>
          ))}
        </Select>
      );
    case "multiSelect": {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <div className="flex flex-wrap gap-2">
          {(definition.param?.options ?? []).map((option, index) => (
            <label key={option} className="flex items-center gap-1 text-sm">
              <input type="checkbox" disabled={!definition.isEdit} checked={chosen.includes(option)} onChange={(e) => onChange(e.target.checked ? [...chosen, option] : chosen.filter((c) => c !== option))} />
              {definition.param?.optionLabels?.[index] ?? option}
            </label>
          ))}
        </div>
      );
    }
    case "richText":
      return <Textarea {...common} rows={3} maxLength={definition.valueLength ?? undefined} value={text} onChange={(e) => onChange(e.target.value)} />;
    case "group":
      if (definition.param?.kind === "abilityLevels") {
        return <LevelsEditor value={Array.isArray(value) && value.length ? (value as AbilityLevel[]) : DEFAULT_ABILITY_LEVELS} onChange={onChange} readOnly={!definition.isEdit} />;
      }
      return <Textarea {...common} rows={3} value={Array.isArray(value) ? (value as Record<string, unknown>[]).map((row) => Object.values(row).join(" | ")).join("\n") : ""} readOnly />;
    default:
      return <Input {...common} maxLength={definition.valueLength ?? undefined} value={text} onChange={(e) => onChange(e.target.value)} />;
  }
}

/** SPEC §2 attribute tab (能力分级 for course ability points, else 属性); checks of SPEC §5 before saving. */
export function AttributesTab({ node, nodeRef, definitions, editable, onSaved }: { node: GraphNode; nodeRef: NodeRef; definitions: AttributeDefinition[]; editable: boolean; onSaved: () => void }) {
  const t = useTranslations("drawer");
  const tv = useTranslations("validation");
  const [values, setValues] = useState<Record<string, unknown> | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [saving, setSaving] = useState(false);
  if (!values) {
    return (
      <div className="flex flex-col gap-3" data-testid="attributes-view">
        {definitions.map((definition) =>
          definition.valueType === "group" && definition.param?.kind === "abilityLevels" ? (
            <div key={definition.code} className="text-sm">
              <div className="mb-1 text-muted">{definition.name}</div>
              <LevelsEditor value={Array.isArray(node.attributes[definition.code]) ? (node.attributes[definition.code] as AbilityLevel[]) : DEFAULT_ABILITY_LEVELS} onChange={() => undefined} readOnly />
            </div>
          ) : (
            <div key={definition.code} className="flex gap-3 text-sm">
              <span className="w-28 shrink-0 text-muted">{definition.name}</span>
              <span data-testid={`attribute-${definition.code}`}>{display(definition, node.attributes[definition.code])}</span>
            </div>
          ),
        )}
        {editable && (
          <div>
            <Button size="sm" variant="outline" data-testid="edit-attributes" onClick={() => setValues({ ...node.attributes })}>
              {t("edit")}
            </Button>
          </div>
        )}
      </div>
    );
  }
  const save = async () => {
    const found = checkAttributes(definitions, values);
    setProblem(found);
    if (found) return;
    const changes: Record<string, unknown> = {};
    for (const definition of definitions) if (definition.isEdit) changes[definition.code] = attributeForSending(definition, values[definition.code]);
    setSaving(true);
    try {
      await nodeApi.setAttributes(nodeRef, changes);
      toast("success", { key: "saved" });
      setValues(null);
      onSaved();
    } catch {
      // shown by the client
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="flex flex-col gap-3" data-testid="attributes-editor">
      {definitions.map((definition) => (
        <Field key={definition.code} label={definition.name} required={!definition.isNull}>
          <AttributeInput definition={definition} value={values[definition.code]} onChange={(value) => setValues({ ...values, [definition.code]: value })} />
        </Field>
      ))}
      {problem && (
        <p className="text-sm text-danger" role="alert" data-testid="attribute-problem">
          {tv(problem.key, problem.values ?? {})}
        </p>
      )}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={() => (setValues(null), setProblem(null))}>
          {t("cancel")}
        </Button>
        <Button size="sm" onClick={save} disabled={saving} data-testid="save-attributes">
          {t("save")}
        </Button>
      </div>
    </div>
  );
}
