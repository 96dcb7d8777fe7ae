/** Entity colours and labels from the template (SPEC §3 entity style), with the palette of 16 as fallback. */
import type { EntityType, TemplateStructure } from "@/lib/api/graph-types";

/** SPEC §9: the node colour palette of 16. */
export const NODE_PALETTE = [
  "#0960bd", "#52c41a", "#fa8c16", "#13c2c2", "#722ed1", "#eb2f96", "#faad14", "#2f54eb",
  "#a0d911", "#f5222d", "#1890ff", "#fa541c", "#389e0d", "#08979c", "#531dab", "#c41d7f",
];

export interface EntityLook {
  code: string;
  name: string;
  colour: string;
  rect: boolean;
  underline: boolean;
}

export function entityLooks(template: TemplateStructure | undefined): Map<string, EntityLook> {
  const looks = new Map<string, EntityLook>();
  (template?.entitys ?? []).forEach((entity: EntityType, index) => {
    looks.set(entity.code, {
      code: entity.code,
      name: entity.name,
      colour: entity.iconStyle?.colorView || entity.iconStyle?.colors?.[0] || NODE_PALETTE[index % NODE_PALETTE.length],
      rect: entity.iconStyle?.rect ?? true,
      underline: entity.iconStyle?.underline ?? false,
    });
  });
  return looks;
}

export function lookOf(looks: Map<string, EntityLook>, type: string): EntityLook {
  return looks.get(type) ?? { code: type, name: type, colour: NODE_PALETTE[0], rect: true, underline: false };
}

/** Entity types a node of this type may hold (SPEC §3 template entitys' children). */
export function childTypes(template: TemplateStructure | undefined, type: string): EntityType[] {
  const entity = template?.entitys.find((e) => e.code === type);
  return (entity?.children ?? []).map((code) => template!.entitys.find((e) => e.code === code)).filter((e): e is EntityType => Boolean(e));
}

const ABILITY_DESCRIPTION_TYPES = new Set(["AbilityTarget", "AbilityPoint", "CourseAbilityPoint", "CourseAbilityTarget", "TargetPoint"]);

/** SPEC §2 drawer: ability targets and ability points show their description read-only. */
export function hasAbilityDescription(type: string): boolean {
  return ABILITY_DESCRIPTION_TYPES.has(type);
}

/** Types whose nodes carry a definition (the define field): only they can lack one (issue 17). */
const DEFINED_TYPES = new Set(["KnowPoint"]);

export function carriesDefinition(type: string): boolean {
  return DEFINED_TYPES.has(type);
}

/** Candidates for the undefined mark, the first no entity type of the template uses wins. */
const MARK_COLOURS = ["#d4b106", "#8c8c8c", "#5b8c00", "#874d00"];

/** The undefined mark's colour: one no entity type uses, so the mark never reads as a type. */
export function undefinedMarkColour(looks: Iterable<EntityLook>): string {
  const used = new Set([...looks].map((look) => look.colour.toLowerCase()));
  return MARK_COLOURS.find((colour) => !used.has(colour)) ?? MARK_COLOURS[0];
}
