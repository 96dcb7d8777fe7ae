/**
 * Client-side checks of SPEC §5 before a save (the server checks again). Each returns a message
 * key under "validation" (with values) or null; components only show them.
 */
import type { AttributeDefinition } from "@/lib/api/graph-types";

export interface Problem {
  key: string;
  values?: Record<string, string | number>;
}

export interface AbilityLevel {
  name: string;
  rangeStart: number;
  rangeStartType: 0 | 1;
  rangeEnd: number;
  rangeEndType: 0 | 1;
  desc: string;
}

/** Comparison types of SPEC §9: less than (0), less than or equal (1). */
export const LESS_THAN = 0;
export const LESS_OR_EQUAL = 1;

/** SPEC §9: default ability levels, lower bound inclusive. */
export const DEFAULT_ABILITY_LEVELS: AbilityLevel[] = [
  { name: "优秀", rangeStart: 90, rangeStartType: 1, rangeEnd: 100, rangeEndType: 1, desc: "" },
  { name: "良好", rangeStart: 80, rangeStartType: 1, rangeEnd: 90, rangeEndType: 0, desc: "" },
  { name: "中等", rangeStart: 70, rangeStartType: 1, rangeEnd: 80, rangeEndType: 0, desc: "" },
  { name: "及格", rangeStart: 60, rangeStartType: 1, rangeEnd: 70, rangeEndType: 0, desc: "" },
  { name: "不及格", rangeStart: 0, rangeStartType: 1, rangeEnd: 60, rangeEndType: 0, desc: "" },
];

export function isEmptyValue(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}

/** Decimal places allowed: the definition's precision, else 2 (as the server assumes). */
export function decimalPlaces(definition: AttributeDefinition): number {
  return typeof definition.param?.precision === "number" ? definition.param.precision : 2;
}

export function checkAbilityLevels(levels: AbilityLevel[]): Problem | null {
  if (levels.length === 0) return { key: "levelsRequired" };
  for (const level of levels) {
    if (!level.name.trim()) return { key: "levelName" };
    const { rangeStart: start, rangeEnd: end } = level;
    if (!Number.isFinite(start) || !Number.isFinite(end) || start < 0 || start > 100 || end < 0 || end > 100) return { key: "levelRange", values: { name: level.name } };
    if (end <= start) return { key: "levelOrder", values: { name: level.name } };
  }
  return null;
}

/** One attribute value against its definition (SPEC §5). */
export function checkAttribute(definition: AttributeDefinition, value: unknown): Problem | null {
  const name = definition.name;
  if (isEmptyValue(value)) return definition.isEdit && !definition.isNull ? { key: "completeFirst", values: { name } } : null;
  const length = definition.valueLength ?? null;
  switch (definition.valueType) {
    case "text":
    case "richText": {
      const text = String(value).trim();
      return length && text.length > length ? { key: "tooLong", values: { name, max: length } } : null;
    }
    case "integer": {
      const text = String(value).trim();
      if (!/^\d+$/.test(text)) return { key: "minZeroInteger", values: { name } };
      return length && text.length > length ? { key: "tooManyDigits", values: { name, max: length } } : null;
    }
    case "decimal": {
      const text = String(value).trim();
      const places = decimalPlaces(definition);
      const match = /^(\d+)(?:\.(\d+))?$/.exec(text);
      if (!match) return { key: "minZeroNumber", values: { name } };
      if ((match[2]?.replace(/0+$/, "").length ?? 0) > places) return { key: "precision", values: { name, places } };
      return length && match[1].replace(/^0+(?=\d)/, "").length > length ? { key: "tooManyDigits", values: { name, max: length } } : null;
    }
    case "datetime":
      return /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/.test(String(value).trim()) ? null : { key: "datetime", values: { name } };
    case "list": {
      const options = definition.param?.options ?? [];
      return options.length && !options.includes(String(value)) ? { key: "option", values: { name } } : null;
    }
    case "multiSelect": {
      const options = definition.param?.options ?? [];
      return Array.isArray(value) && value.every((item) => !options.length || options.includes(String(item))) ? null : { key: "option", values: { name } };
    }
    case "group": {
      if (definition.param?.kind === "abilityLevels") return checkAbilityLevels(value as AbilityLevel[]);
      const rows = value as Record<string, unknown>[];
      return rows.every((row) => Object.values(row).some((cell) => !isEmptyValue(cell))) ? null : { key: "emptyRow", values: { name } };
    }
  }
  return null;
}

/** The first problem of a whole attribute form, in the definitions' order. */
export function checkAttributes(definitions: AttributeDefinition[], values: Record<string, unknown>): Problem | null {
  for (const definition of [...definitions].sort((a, b) => a.sort - b.sort)) {
    const problem = checkAttribute(definition, values[definition.code]);
    if (problem) return problem;
  }
  return null;
}

/** SPEC §5: text values are trimmed before sending; numbers are sent as numbers. */
export function attributeForSending(definition: AttributeDefinition, value: unknown): unknown {
  if (isEmptyValue(value)) return null;
  if (definition.valueType === "integer" || definition.valueType === "decimal") return Number(String(value).trim());
  if (typeof value === "string") return value.trim();
  return value;
}

/** SPEC §5: dates are formatted YYYY-MM-DD HH:mm. */
export function formatDateTime(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** SPEC §5: a hex colour is # and 3 or 6 hex digits. */
export function isHexColour(value: string): boolean {
  return /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/.test(value);
}

export function checkCourseName(name: string): Problem | null {
  return name.trim() ? null : { key: "courseName" };
}
