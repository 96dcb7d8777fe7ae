/** Display helpers of the back office. */

/** SPEC §5: dates are shown as YYYY-MM-DD HH:mm (local time). */
export function formatTime(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A date input value (YYYY-MM-DD) from an ISO time, and back to an end-of-day ISO time. */
export function toDateInput(value: string | null | undefined): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function fromDateInput(value: string | null | undefined): string | null {
  if (!value) return null;
  const date = new Date(`${value}T23:59:59`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Role names by API code (SPEC §6). */
export const ROLE_CODES = ["10", "20", "30", "test"] as const;
export const ROLE_NAME_BY_CODE: Record<string, string> = { "10": "super", "20": "admin", "30": "expert", test: "test" };
