/** The lock screen (SPEC §2 "lock screen"): a flag kept locally; signed-in pages go to /lock while it is set. */
const KEY = "zhitu.locked";

export function isLocked(): boolean {
  return typeof window !== "undefined" && window.localStorage.getItem(KEY) === "1";
}

export function lock(): void {
  window.localStorage.setItem(KEY, "1");
}

export function unlock(): void {
  window.localStorage.removeItem(KEY);
}
