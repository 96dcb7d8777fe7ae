import { describe, expect, it } from "vitest";
import { validateForm, withServerRules, type FieldSpec, type ServerFormRules } from "../lib/manage/form";

// The relation-group rules as GET /api/user/formRules serves them (toolkit.admin.forms).
const GROUP: ServerFormRules = {
  code: { label: "编码", required: true, pattern: "[A-Za-z][A-Za-z0-9_]{0,63}" },
  name: { label: "分组名称", required: true, maxLength: 100 },
  nameEn: { label: "英文名称", required: false, maxLength: 100 },
  sort: { label: "排序", required: false, integer: true, min: 0 },
};

describe("a catalogue dialog checks the server's own rules", () => {
  const fields: FieldSpec[] = withServerRules(
    [{ name: "code", label: "编码", lockedOnEdit: true }, { name: "name", label: "名称" }, { name: "nameEn", label: "英文名称" }, { name: "sort", label: "排序", type: "number" }],
    GROUP,
  );

  it("reports every invalid field at once", () => {
    expect(validateForm(fields, { code: "9bad", name: "", nameEn: "n".repeat(101), sort: "-1" }, false)).toEqual({
      code: "pattern",
      name: "required",
      nameEn: "tooLong",
      sort: "tooSmall",
    });
    expect(validateForm(fields, { code: "ok", name: "组", nameEn: "", sort: "1.5" }, false)).toEqual({ sort: "integer" });
  });

  it("takes what the server takes", () => {
    expect(validateForm(fields, { code: "Group_1", name: "分组", nameEn: "n".repeat(100), sort: "0" }, false)).toEqual({});
    expect(validateForm(fields, { code: "Group_1", name: "分组", nameEn: "", sort: "" }, true)).toEqual({});
  });
});
