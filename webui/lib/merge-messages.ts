/**
 * Messages come from more than one file (messages/*.json and messages/portal/*.json). Namespaces
 * are merged one level deep so that two files may both add keys to one namespace (e.g. "menu").
 */
type Messages = Record<string, unknown>;

function isObject(value: unknown): value is Messages {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function mergeMessages(...sources: Messages[]): Messages {
  const merged: Messages = {};
  for (const source of sources) {
    for (const [key, value] of Object.entries(source)) {
      const current = merged[key];
      merged[key] = isObject(current) && isObject(value) ? { ...current, ...value } : value;
    }
  }
  return merged;
}
