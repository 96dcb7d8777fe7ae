/** Role codes of the API (SPEC §6) and the role names route meta speaks of. */
export type RoleCode = "10" | "20" | "30" | "test";
export type RoleName = "super" | "admin" | "expert" | "test";

const NAMES: Record<RoleCode, RoleName> = { "10": "super", "20": "admin", "30": "expert", test: "test" };

export function roleName(code: string | undefined | null): RoleName | null {
  return code && code in NAMES ? NAMES[code as RoleCode] : null;
}
