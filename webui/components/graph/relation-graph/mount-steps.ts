/**
 * How many bubbles a frame of a first draw mounts, by the time the last step took: a quiet machine
 * draws in a few big steps, a busy one in more, smaller ones. The next step is scaled to fit
 * STEP_BUDGET_MS, never growing or shrinking by more than a factor of two a frame (one slow frame, a
 * GC, should not swing it). Not below MIN_MOUNT_STEP: a step also costs about 30 ms of CPU whatever
 * its size (React Flow's store, style and paint), so smaller steps would only add steps.
 */
export const FIRST_MOUNT_STEP = 100;
export const MIN_MOUNT_STEP = 60;
export const MAX_MOUNT_STEP = 300;
export const STEP_BUDGET_MS = 70;

export function nextMountStep(step: number, tookMs: number, budgetMs = STEP_BUDGET_MS): number {
  const scaled = tookMs > 0 ? (step * budgetMs) / tookMs : step * 2;
  const bounded = Math.min(step * 2, Math.max(step / 2, scaled));
  return Math.round(Math.min(MAX_MOUNT_STEP, Math.max(MIN_MOUNT_STEP, bounded)));
}
