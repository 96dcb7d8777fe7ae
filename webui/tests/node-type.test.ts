import { describe, expect, it } from "vitest";
import type { EntityType, TemplateStructure } from "@/lib/api/graph-types";
import { typeChoices } from "@/lib/graph/node-type";

function entity(code: string, children: string[]): EntityType {
  return { code, name: `${code} name`, children, isRoot: false, attributes: [], iconStyle: { rect: true, underline: false, icon: "", colors: [], colorView: "" }, nodeStyle: undefined } as unknown as EntityType;
}

const template = {
  entitys: [entity("KnowGraph", ["KnowUnit", "KnowPoint", "Catalogue"]), entity("KnowUnit", ["KnowPoint"]), entity("Catalogue", ["KnowUnit", "KnowPoint"]), entity("KnowPoint", [])],
} as unknown as TemplateStructure;

describe("node type choices", () => {
  it("offers the types allowed under the parent, without the node's own", () => {
    expect(typeChoices(template, "KnowGraph", "KnowPoint", []).map((e) => e.code)).toEqual(["KnowUnit", "Catalogue"]);
    expect(typeChoices(template, "KnowUnit", "KnowPoint", [])).toEqual([]);
  });
  it("leaves out types that may not hold the node's children", () => {
    expect(typeChoices(template, "KnowGraph", "Catalogue", ["KnowPoint"]).map((e) => e.code)).toEqual(["KnowUnit"]);
    expect(typeChoices(template, "KnowGraph", "Catalogue", ["KnowUnit"]).map((e) => e.code)).toEqual([]);
  });
  it("offers nothing for the root or before the template is known", () => {
    expect(typeChoices(template, undefined, "KnowGraph", [])).toEqual([]);
    expect(typeChoices(undefined, "KnowGraph", "KnowPoint", [])).toEqual([]);
  });
});
