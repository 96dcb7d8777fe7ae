import { describe, expect, it } from "vitest";
import { MAX_MOUNT_STEP, MIN_MOUNT_STEP, STEP_BUDGET_MS, nextMountStep } from "@/components/graph/relation-graph/mount-steps";

describe("nextMountStep", () => {
  it("scales the step to the frame budget by the time the last one took", () => {
    expect(nextMountStep(100, STEP_BUDGET_MS)).toBe(100);
    expect(nextMountStep(100, STEP_BUDGET_MS * 1.25)).toBe(80);
    expect(nextMountStep(100, STEP_BUDGET_MS / 1.25)).toBe(125);
  });

  it("at most halves or doubles it a frame", () => {
    expect(nextMountStep(200, STEP_BUDGET_MS * 10)).toBe(100);
    expect(nextMountStep(100, 1)).toBe(200);
    expect(nextMountStep(100, 0)).toBe(200);
  });

  it("stays within its bounds", () => {
    expect(nextMountStep(MIN_MOUNT_STEP, 1000)).toBe(MIN_MOUNT_STEP);
    expect(nextMountStep(MAX_MOUNT_STEP, 1)).toBe(MAX_MOUNT_STEP);
  });
});
