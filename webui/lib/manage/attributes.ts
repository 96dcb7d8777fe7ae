/** Attribute definitions of entity types (SPEC §3) and their checks. */
import type { AttributeDefinition } from "../api/manage";
import { isCode } from "./form";

export const VALUE_TYPES = ["text", "richText", "integer", "decimal", "datetime", "list", "multiSelect", "group"] as const;

export interface AttributeProblem {
  index: number;
  /** Message key under "manage.attributes". */
  key: "codeInvalid" | "codeDuplicate" | "nameRequired";
  code: string;
}

export function checkAttributes(rows: AttributeDefinition[]): AttributeProblem[] {
  const problems: AttributeProblem[] = [];
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const code = row.code.trim();
    if (!isCode(code)) problems.push({ index, key: "codeInvalid", code });
    else if (seen.has(code)) problems.push({ index, key: "codeDuplicate", code });
    seen.add(code);
    if (!row.name.trim()) problems.push({ index, key: "nameRequired", code });
  });
  return problems;
}

/** Trimmed rows in their order, as the API takes them. */
export function cleanAttributes(rows: AttributeDefinition[]): AttributeDefinition[] {
  return rows.map((row, index) => ({ ...row, code: row.code.trim(), name: row.name.trim(), sort: index }));
}
