/** Which entity types a node may be changed to: the rules of changeNodeType (toolkit/graphs/tree.py). */
import type { EntityType, TemplateStructure } from "@/lib/api/graph-types";

/**
 * The types the template allows under the node's parent, other than its own, that in turn allow
 * every type among the node's children (so no child is left under a type that may not hold it).
 */
export function typeChoices(template: TemplateStructure | undefined, parentType: string | undefined, currentType: string, childTypes: string[]): EntityType[] {
  if (!template || parentType === undefined) return [];
  const byCode = new Map(template.entitys.map((entity) => [entity.code, entity]));
  const allowedHere = byCode.get(parentType)?.children ?? [];
  const needed = new Set(childTypes);
  return allowedHere
    .filter((code) => code !== currentType)
    .map((code) => byCode.get(code))
    .filter((entity): entity is EntityType => entity !== undefined && [...needed].every((child) => (entity.children ?? []).includes(child)));
}
