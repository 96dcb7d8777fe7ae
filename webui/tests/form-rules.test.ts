import { describe, expect, it } from "vitest";
import { validateForm, withServerRules, type FieldSpec, type ServerFormRules } from "../lib/manage/form";

// The rules as GET /api/user/formRules serves them (toolkit.admin.forms).
const USER: ServerFormRules = {
  userName: { label: "用户名", required: true, maxLength: 64 },
  password: { label: "密码", required: "create", minLength: 6 },
  tel: { label: "手机号", required: false, maxLength: 32, pattern: "\\+?\\d{6,20}" },
  email: { label: "邮箱", required: false, maxLength: 200, pattern: "[^@\\s]+@[^@\\s]+\\.[^@\\s]+" },
};

describe("the dialog checks the server's own form rules", () => {
  const fields: FieldSpec[] = withServerRules(
    [{ name: "userName", label: "用户名" }, { name: "password", label: "密码", type: "password", createOnly: true }, { name: "tel", label: "手机号" }, { name: "email", label: "邮箱" }],
    USER,
  );

  it("reports every invalid field at once", () => {
    expect(validateForm(fields, { userName: "a", password: "1", tel: "abc", email: "nope" }, false)).toEqual({ password: "tooShort", tel: "pattern", email: "pattern" });
  });

  it("takes what the server takes", () => {
    expect(validateForm(fields, { userName: "a", password: "123456", tel: "+8613900000000", email: "a@b.cn" }, false)).toEqual({});
    expect(validateForm(fields, { userName: "", password: "", tel: "", email: "" }, false)).toEqual({ userName: "required", password: "required" });
    expect(validateForm(fields, { userName: "x".repeat(65), tel: "" }, true)).toEqual({ userName: "tooLong" });
  });
});
