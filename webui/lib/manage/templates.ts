/** Template kinds (SPEC §3) and the structure check the server also makes. */
import type { TemplateEntity } from "../api/manage";

export const TEMPLATE_KINDS = ["teaching", "ability", "experiment", "course", "courseGroup", "majorTeaching", "majorAbilityTarget", "courseAbility"] as const;

/** A message key under "manage.templates" for the first problem, or null. */
export function checkStructure(entitys: TemplateEntity[]): "needEntity" | "oneRoot" | null {
  if (entitys.length === 0) return "needEntity";
  if (entitys.filter((e) => e.isRoot).length !== 1) return "oneRoot";
  return null;
}
