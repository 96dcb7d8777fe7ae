/** SPEC §9: the project selector loads 50, grows by 50 on scroll, searches after 500 ms. */
export const PROJECT_PAGE = 50;
export const PROJECT_SEARCH_DEBOUNCE_MS = 500;

/** The next page size when the list is scrolled near its end, or null when everything is loaded. */
export function grownSize(current: number, loaded: number, total: number): number | null {
  return loaded < total && loaded >= current ? current + PROJECT_PAGE : null;
}

/** Near the end: within 24 px of the bottom. */
export function nearBottom(scrollTop: number, clientHeight: number, scrollHeight: number): boolean {
  return scrollTop + clientHeight >= scrollHeight - 24;
}
