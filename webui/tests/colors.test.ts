import { describe, expect, it } from "vitest";
import { DARK_HEADER_BG, DARK_SIDEBAR_BG, headerTheme, isHexColor, luminance, shellColors, sidebarTheme } from "@/lib/colors";

describe("colour rules", () => {
  it("checks hex colours: 3 or 6 digits with a leading #", () => {
    expect(isHexColor("#fff")).toBe(true);
    expect(isHexColor("#0960bd")).toBe(true);
    expect(isHexColor("0960bd")).toBe(false);
    expect(isHexColor("#09g0bd")).toBe(false);
    expect(isHexColor("#ffff")).toBe(false);
  });

  it("makes the header dark below luminance 192 or in dark mode", () => {
    expect(luminance("#ffffff")).toBeCloseTo(255);
    expect(headerTheme("#ffffff", false)).toBe("light");
    expect(headerTheme("#ffffff", true)).toBe("dark");
    expect(headerTheme("#0960bd", false)).toBe("dark");
    expect(headerTheme("#c0c0c0", false)).toBe("light"); // luminance exactly 192
    expect(headerTheme("#bfbfbf", false)).toBe("dark"); // 191
  });

  it("keeps the sidebar light only when white and not dark", () => {
    expect(sidebarTheme("#fff", false)).toBe("light");
    expect(sidebarTheme("#FFFFFF", false)).toBe("light");
    expect(sidebarTheme("#ffffff", true)).toBe("dark");
    expect(sidebarTheme("#f5f5f5", false)).toBe("dark");
  });

  it("recomputes header and sidebar colours in dark mode", () => {
    expect(shellColors("#ffffff", "#ffffff", true)).toEqual({ headerBg: DARK_HEADER_BG, sidebarBg: DARK_SIDEBAR_BG, headerTheme: "dark", sidebarTheme: "dark" });
    expect(shellColors("#ffffff", "#ffffff", false)).toEqual({ headerBg: "#ffffff", sidebarBg: "#ffffff", headerTheme: "light", sidebarTheme: "light" });
  });
});
