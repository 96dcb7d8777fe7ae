/** Menu search (SPEC §2 "Shell pieces"): ordered-character matching over menu names. */
import type { MenuItem } from "./routes";

export interface SearchEntry {
  /** 'Parent > Child' for nested items. */
  label: string;
  path: string;
}

/** Every navigable item, children labelled 'Parent > Child'. */
export function flattenMenu(items: MenuItem[], parents: string[] = []): SearchEntry[] {
  const result: SearchEntry[] = [];
  for (const item of items) {
    const trail = [...parents, item.name];
    if (item.children && item.children.length > 0) {
      result.push(...flattenMenu(item.children, trail));
    } else {
      result.push({ label: trail.join(" > "), path: item.path });
    }
  }
  return result;
}

/** True when every character of the keyword appears in the text in order (case-insensitive). */
export function matchesInOrder(keyword: string, text: string): boolean {
  const needle = keyword.toLowerCase().replace(/\s+/g, "");
  const haystack = text.toLowerCase();
  let position = 0;
  for (const char of needle) {
    position = haystack.indexOf(char, position);
    if (position === -1) return false;
    position += 1;
  }
  return true;
}

/** Empty input clears the results. */
export function searchMenu(keyword: string, entries: SearchEntry[]): SearchEntry[] {
  if (!keyword.trim()) return [];
  return entries.filter((entry) => matchesInOrder(keyword, entry.label));
}

/** Arrow keys move the highlight with wrapping. */
export function moveHighlight(current: number, count: number, direction: "up" | "down"): number {
  if (count === 0) return -1;
  if (current < 0) return direction === "down" ? 0 : count - 1;
  return direction === "down" ? (current + 1) % count : (current - 1 + count) % count;
}
