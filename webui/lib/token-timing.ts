/** When to refresh the access token: under 5 minutes left (SPEC §4). */
export const REFRESH_WHEN_UNDER_MS = 5 * 60 * 1000;

export function needsRefresh(expiresAt: number | null | undefined, now: number = Date.now()): boolean {
  if (!expiresAt) return false;
  return expiresAt - now < REFRESH_WHEN_UNDER_MS;
}

export function isExpired(expiresAt: number | null | undefined, now: number = Date.now()): boolean {
  return !!expiresAt && expiresAt <= now;
}
