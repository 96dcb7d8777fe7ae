"use client";
import { Activity, useContext, useEffect, useLayoutEffect, useRef } from "react";
import { LayoutRouterContext } from "next/dist/shared/lib/app-router-context.shared-runtime";
import { PathnameContext, PathParamsContext, SearchParamsContext } from "next/dist/shared/lib/hooks-client-context.shared-runtime";

/** How many visited pages stay mounted at most; the least recently shown one goes first. */
export const KEEP_ALIVE_LIMIT = 10;

type RouterState = React.ContextType<typeof LayoutRouterContext>;
interface KeptView {
  path: string;
  router: RouterState;
  pathname: string | null;
  params: React.ContextType<typeof PathParamsContext>;
  search: URLSearchParams | null;
  scrollTop: number;
}

/**
 * The project config's openKeepAlive (SPEC §3): with it on, every page visited in the shell stays
 * mounted but hidden (React <Activity>), so scroll, filters, typed input and open branches are there
 * when the user comes back; with it off, only the current page is rendered and a return starts afresh.
 *
 * The layout's `children` renders whatever route the router context names, so each kept page is
 * rendered under the router and navigation contexts it had when it was last shown ("frozen"); the
 * current page always gets the live ones. The shell's <main> scrolls, so its offset is kept per page.
 */
export function KeepAlive({ enabled, pathname, scroller, children }: {
  enabled: boolean;
  pathname: string;
  scroller: React.RefObject<HTMLElement | null>;
  children: React.ReactNode;
}) {
  const router = useContext(LayoutRouterContext);
  const livePathname = useContext(PathnameContext);
  const params = useContext(PathParamsContext);
  const search = useContext(SearchParamsContext);
  const views = useRef<KeptView[]>([]);
  const shown = useRef<string | null>(null);
  // The offset is read continuously: by the time the path has changed the old page is already hidden.
  const lastScroll = useRef(0);

  if (!enabled) {
    views.current = [];
  } else {
    const existing = views.current.find((view) => view.path === pathname);
    if (existing) Object.assign(existing, { router, pathname: livePathname, params, search });
    else views.current.push({ path: pathname, router, pathname: livePathname, params, search, scrollTop: 0 });
    if (views.current.length > KEEP_ALIVE_LIMIT) {
      // Drop the view shown longest ago (never the current one): order is kept for React's sake.
      const oldest = views.current.filter((view) => view.path !== pathname).sort((a, b) => (lastShown.get(a.path) ?? 0) - (lastShown.get(b.path) ?? 0))[0];
      views.current = views.current.filter((view) => view !== oldest);
    }
  }

  // Page changes: remember where the page being left was scrolled to, put the returning one back.
  useLayoutEffect(() => {
    const element = scroller.current;
    const previous = shown.current;
    shown.current = pathname;
    lastShown.set(pathname, Date.now());
    if (!element || previous === pathname) return;
    const left = views.current.find((view) => view.path === previous);
    if (left) left.scrollTop = lastScroll.current;
    const back = enabled ? views.current.find((view) => view.path === pathname)?.scrollTop ?? 0 : 0;
    element.scrollTop = back;
    // The router scrolls a newly shown segment into view, and a page re-checking its data may be short
    // for a moment: keep putting the offset back for a few frames, unless the user scrolls meanwhile.
    let frame = 0;
    let frames = 0;
    const stop = () => cancelAnimationFrame(frame);
    const hold = () => {
      if (element.scrollTop !== back) element.scrollTop = back;
      if ((frames += 1) < 40) frame = requestAnimationFrame(hold);
    };
    frame = requestAnimationFrame(hold);
    element.addEventListener("wheel", stop, { once: true, passive: true });
    element.addEventListener("touchstart", stop, { once: true, passive: true });
    element.addEventListener("keydown", stop, { once: true });
    return () => {
      stop();
      element.removeEventListener("wheel", stop);
      element.removeEventListener("touchstart", stop);
      element.removeEventListener("keydown", stop);
    };
  }, [pathname, enabled, scroller]);

  // A passive effect: the scroller's ref (on a parent) is not attached yet when this component's layout effects first run.
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const onScroll = () => {
      lastScroll.current = element.scrollTop;
    };
    element.addEventListener("scroll", onScroll, { passive: true });
    return () => element.removeEventListener("scroll", onScroll);
  }, [scroller]);
  useLayoutEffect(() => {
    lastScroll.current = scroller.current?.scrollTop ?? 0;
  }, [pathname, scroller]);

  if (!enabled) return <>{children}</>;
  return (
    <>
      {views.current.map((view) => {
        const active = view.path === pathname;
        return (
          <Activity key={view.path} mode={active ? "visible" : "hidden"}>
            <div data-keep-alive={view.path}>
              <LayoutRouterContext.Provider value={active ? router : view.router}>
                <PathnameContext.Provider value={active ? livePathname : view.pathname}>
                  <PathParamsContext.Provider value={active ? params : view.params}>
                    <SearchParamsContext.Provider value={active ? search : view.search}>{children}</SearchParamsContext.Provider>
                  </PathParamsContext.Provider>
                </PathnameContext.Provider>
              </LayoutRouterContext.Provider>
            </div>
          </Activity>
        );
      })}
    </>
  );
}

const lastShown = new Map<string, number>();
