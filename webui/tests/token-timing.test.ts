import { describe, expect, it } from "vitest";
import { isExpired, needsRefresh, REFRESH_WHEN_UNDER_MS } from "@/lib/token-timing";

describe("token refresh timing", () => {
  const now = 1_000_000_000_000;
  it("refreshes when under five minutes remain", () => {
    expect(REFRESH_WHEN_UNDER_MS).toBe(300_000);
    expect(needsRefresh(now + 299_999, now)).toBe(true);
    expect(needsRefresh(now + 300_000, now)).toBe(false);
    expect(needsRefresh(now + 3_600_000, now)).toBe(false);
    expect(needsRefresh(null, now)).toBe(false);
  });
  it("knows an expired token", () => {
    expect(isExpired(now, now)).toBe(true);
    expect(isExpired(now + 1, now)).toBe(false);
  });
});
