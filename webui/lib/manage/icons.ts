/** Icon picker paging and search (SPEC §9: 140 per page, a pager only when total ≥ page size). */
export const ICON_PAGE_SIZE = 140;
export const ICON_SEARCH_DEBOUNCE_MS = 100;

export function filterIcons(names: string[], keyword: string): string[] {
  const needle = keyword.trim().toLowerCase();
  return needle ? names.filter((name) => name.toLowerCase().includes(needle)) : names;
}

export function iconPage(names: string[], page: number, size = ICON_PAGE_SIZE): { items: string[]; pages: number; showPager: boolean } {
  const pages = Math.max(1, Math.ceil(names.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return { items: names.slice((current - 1) * size, current * size), pages, showPager: names.length >= size };
}

/** PascalCase component names to the kebab-case names stored in iconStyle.icon. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1-$2").replace(/([A-Z])([A-Z][a-z])/g, "$1-$2").toLowerCase();
}
