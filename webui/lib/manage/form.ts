/** Form rules of the back-office dialogs (SPEC §5), pure so that they are unit-tested. */
import { isHexColor } from "../colors";

export type FormValue = string | boolean | File | null;
export type FormValues = Record<string, FormValue>;

export interface Option {
  value: string;
  label: string;
}

export interface FieldSpec {
  name: string;
  label: string;
  type?: "text" | "password" | "number" | "textarea" | "select" | "checkbox" | "color" | "date" | "file";
  required?: boolean;
  /** Required when creating only (e.g. an image that an edit may keep). */
  requiredOnCreate?: boolean;
  options?: Option[];
  placeholder?: string;
  /** Shown only when creating (e.g. a password, an immutable code). */
  createOnly?: boolean;
  /** Shown but not editable when editing. */
  lockedOnEdit?: boolean;
  maxLength?: number;
  minLength?: number;
  /** The whole trimmed value must match (a rule the server also checks). */
  pattern?: string;
  min?: number;
  max?: number;
  /** A number field that takes whole numbers only. */
  integer?: boolean;
  accept?: string;
  rows?: number;
  /** Extra check: the message key (namespace "manage.form") of the problem, or null. */
  validate?: (value: FormValue, values: FormValues) => string | null;
}

/** One field's rule as the server describes it (GET /api/user/formRules, toolkit.admin.forms). */
export interface ServerFieldRule {
  label: string;
  required: boolean | "create";
  maxLength?: number;
  minLength?: number;
  pattern?: string;
  choices?: string[];
  /** A whole-number field, at least `min` (and at most `max` when given). */
  integer?: boolean;
  min?: number;
  max?: number;
}
export type ServerFormRules = Record<string, ServerFieldRule>;

/** The page's fields with the server's rules laid over them: the server's description is the one
 * source of the rules, so the dialog refuses exactly what the server would. */
export function withServerRules(fields: FieldSpec[], rules: ServerFormRules | undefined): FieldSpec[] {
  if (!rules) return fields;
  return fields.map((field) => {
    const rule = rules[field.name];
    if (!rule) return field;
    return {
      ...field,
      required: rule.required === true,
      requiredOnCreate: rule.required === "create",
      maxLength: rule.maxLength ?? field.maxLength,
      minLength: rule.minLength ?? field.minLength,
      pattern: rule.pattern ?? field.pattern,
      integer: rule.integer ?? field.integer,
      min: rule.min ?? field.min,
      max: rule.max ?? field.max,
    };
  });
}

/** SPEC §5: 3 or 6 hex digits with a leading # (the shell's one check). */
export const isHexColour = isHexColor;

/** SPEC §5: allowed source file suffixes. */
export const SOURCE_SUFFIXES = [".jpg", ".jpeg", ".png", ".docx", ".pdf", ".txt", ".md"] as const;

export function hasAllowedSuffix(fileName: string, suffixes: readonly string[] = SOURCE_SUFFIXES): boolean {
  const lower = fileName.toLowerCase();
  return suffixes.some((suffix) => lower.endsWith(suffix));
}

/** Code fields: a letter first, then letters, digits and underscores. */
export function isCode(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(value);
}

export function isEmpty(value: FormValue): boolean {
  if (value === null) return true;
  return typeof value === "string" && value.trim() === "";
}

/** Errors by field name, as message keys under "manage.form". Text is trimmed before it is checked. */
export function validateForm(fields: FieldSpec[], values: FormValues, editing: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const field of fields) {
    if (field.createOnly && editing) continue;
    const value = values[field.name] ?? null;
    if ((field.required || (field.requiredOnCreate && !editing)) && isEmpty(value)) {
      errors[field.name] = "required";
      continue;
    }
    if (typeof value === "string" && value.trim() !== "") {
      if (field.type === "color" && !isHexColour(value.trim())) errors[field.name] = "hexColour";
      else if (field.maxLength && value.trim().length > field.maxLength) errors[field.name] = "tooLong";
      else if (field.minLength && value.length < field.minLength) errors[field.name] = "tooShort";
      else if (field.pattern && !new RegExp(`^(?:${field.pattern})$`).test(value.trim())) errors[field.name] = "pattern";
      else if (field.type === "number") {
        const number = Number(value);
        if (!Number.isFinite(number)) errors[field.name] = "number";
        else if (field.integer && !Number.isInteger(number)) errors[field.name] = "integer";
        else if (field.min !== undefined && number < field.min) errors[field.name] = "tooSmall";
        else if (field.max !== undefined && number > field.max) errors[field.name] = "tooLarge";
      }
    }
    if (!errors[field.name] && field.validate) {
      const problem = field.validate(value, values);
      if (problem) errors[field.name] = problem;
    }
  }
  return errors;
}

/** Trimmed text, numbers as numbers, empty optional text as null: what the API gets. */
export function cleanValues(fields: FieldSpec[], values: FormValues, editing: boolean): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.createOnly && editing) continue;
    if (field.lockedOnEdit && editing) continue;
    if (field.type === "file") continue;
    const value = values[field.name] ?? null;
    if (typeof value === "string") {
      const text = value.trim();
      body[field.name] = field.type === "number" ? (text === "" ? null : Number(text)) : text === "" ? null : text;
    } else {
      body[field.name] = value;
    }
  }
  return body;
}
