"use client";
import { LogOut, Menu as MenuIcon, PanelLeftClose, PanelLeftOpen, Search, Settings } from "lucide-react";
import { useTranslations } from "next-intl";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { KeepAlive } from "@/components/shell/keep-alive";
import { LanguagePicker } from "@/components/shell/language-picker";
import { MenuSearchDialog } from "@/components/shell/menu-search-dialog";
import { MENU_ICONS, Sidebar } from "@/components/shell/sidebar";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { useIsMobile } from "@/hooks/use-media";
import { usePreferences } from "@/hooks/use-preferences";
import { useSession } from "@/hooks/use-session";
import { logout } from "@/lib/api/auth";
import { shellColors } from "@/lib/colors";
import { flattenMenu } from "@/lib/menu-search";
import { setPreferences } from "@/lib/preferences";
import { roleName } from "@/lib/roles";
import { canOpen, matchRoute, menuFor } from "@/lib/routes";
import { storeRedirect } from "@/lib/session";
import { openSettings } from "@/lib/settings/display";
import { useDisplay } from "@/lib/settings/use-display";
import { cn } from "@/lib/utils";

/** The signed-in frame: sidebar, header, breadcrumb, search; guards sign-in and roles.
 * `overlay` (the settings drawer) sits beside the page, outside the kept-alive page views. */
export function AppShell({ children, overlay }: { children: React.ReactNode; overlay?: React.ReactNode }) {
  const tMenu = useTranslations("menu");
  const t = useTranslations("shell");
  const tApp = useTranslations("app");
  const tSettings = useTranslations("settings");
  const router = useRouter();
  const pathname = usePathname();
  const session = useSession();
  const preferences = usePreferences();
  const isMobile = useIsMobile();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  const { openKeepAlive, showBreadCrumbIcon, showFooter, showSettingButton } = useDisplay();
  const mainRef = useRef<HTMLElement>(null);
  const role = roleName(session?.profile.Role);
  const allowed = session ? canOpen(pathname, role) : false;

  useEffect(() => {
    if (session === null) {
      const here = window.location.pathname + window.location.search;
      storeRedirect(here);
      router.replace(`/login?redirect=${encodeURIComponent(here)}`);
    } else if (session && !allowed) {
      router.replace("/exception");
    }
  }, [session, allowed, router]);

  // SPEC §2: below 992 px the menu is forced inline; the previous settings come back when wider.
  const savedCollapsed = useRef<boolean | null>(null);
  useEffect(() => {
    if (isMobile && savedCollapsed.current === null) {
      savedCollapsed.current = preferences.collapsed;
    } else if (!isMobile && savedCollapsed.current !== null) {
      setPreferences({ collapsed: savedCollapsed.current });
      savedCollapsed.current = null;
      setDrawerOpen(false);
    }
  }, [isMobile, preferences.collapsed]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "k") {
        event.preventDefault();
        setSearchOpen(true);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const menu = useMemo(() => menuFor(role, (key) => tMenu(key)), [role, tMenu]);
  const entries = useMemo(() => flattenMenu(menu), [menu]);
  const colors = shellColors(preferences.headerBg, preferences.menuBg, preferences.darkMode);
  const crumbs = (matchRoute(pathname) ?? []).map((route) => ({ title: tMenu(route.meta.title), Icon: route.meta.icon ? MENU_ICONS[route.meta.icon] : undefined }));

  if (!session || !allowed) return null;

  const sidebar = (
    <Sidebar
      items={menu}
      collapsed={isMobile ? false : preferences.collapsed}
      background={colors.sidebarBg}
      theme={colors.sidebarTheme}
      onNavigate={() => setDrawerOpen(false)}
    />
  );

  return (
    <div className="flex h-screen overflow-hidden" data-mobile={isMobile}>
      {!isMobile && <aside className="h-full shrink-0">{sidebar}</aside>}
      {isMobile && drawerOpen && (
        <div className="fixed inset-0 z-40 flex" data-testid="mobile-menu">
          <aside className="h-full">{sidebar}</aside>
          <button aria-label={t("collapse")} className="flex-1 bg-black/45" onClick={() => setDrawerOpen(false)} />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col">
        <header
          data-testid="header"
          data-theme={colors.headerTheme}
          className={cn("flex h-12 shrink-0 items-center gap-2 border-b border-border px-3", colors.headerTheme === "dark" ? "shell-dark" : "shell-light")}
          style={{ background: colors.headerBg }}
        >
          {isMobile ? (
            <Button variant="ghost" size="icon" aria-label={t("openMenu")} onClick={() => setDrawerOpen(true)}>
              <MenuIcon size={16} />
            </Button>
          ) : (
            <Button
              variant="ghost"
              size="icon"
              aria-label={preferences.collapsed ? t("expand") : t("collapse")}
              onClick={() => setPreferences({ collapsed: !preferences.collapsed })}
            >
              {preferences.collapsed ? <PanelLeftOpen size={16} /> : <PanelLeftClose size={16} />}
            </Button>
          )}
          <nav aria-label={t("breadcrumb")} className="flex min-w-0 items-center gap-1 text-sm" data-testid="breadcrumb">
            {crumbs.map(({ title, Icon }, index) => (
              <span key={index} className={cn("inline-flex items-center gap-1", index === crumbs.length - 1 ? "font-medium" : "opacity-75")}>
                {index > 0 && <span className="mx-1 opacity-40">/</span>}
                {showBreadCrumbIcon && Icon && <Icon size={14} data-testid="breadcrumb-icon" />}
                {title}
              </span>
            ))}
          </nav>
          <div className="ml-auto flex items-center gap-1">
            <Button variant="ghost" size="icon" aria-label={t("search")} title={t("search")} data-testid="open-search" onClick={() => setSearchOpen(true)}>
              <Search size={16} />
            </Button>
            {/* With the gear hidden (SPEC §3 showSettingButton) the drawer stays reachable from here. */}
            {!showSettingButton && (
              <Button variant="ghost" size="icon" aria-label={tSettings("open")} title={tSettings("open")} data-testid="header-settings" onClick={openSettings}>
                <Settings size={16} />
              </Button>
            )}
            <ThemeToggle />
            <LanguagePicker className="text-foreground" />
            <span className="mx-2 hidden text-sm sm:inline" data-testid="user-name">
              {session.profile.Name}
            </span>
            <Button
              variant="ghost"
              size="icon"
              aria-label={t("signOut")}
              title={t("signOut")}
              data-testid="sign-out"
              onClick={async () => {
                await logout();
                router.replace("/login");
              }}
            >
              <LogOut size={16} />
            </Button>
          </div>
        </header>
        <main ref={mainRef} className="min-h-0 flex-1 overflow-auto p-4" data-keep-alive-on={openKeepAlive}>
          <KeepAlive enabled={openKeepAlive} pathname={pathname} scroller={mainRef}>
            {children}
          </KeepAlive>
        </main>
        {showFooter && (
          <footer className="shrink-0 border-t border-border px-4 py-2 text-center text-xs text-muted" data-testid="footer">
            © {new Date().getFullYear()} {tApp("name")} · {tApp("tagline")}
          </footer>
        )}
      </div>
      {overlay}
      <MenuSearchDialog open={searchOpen} onOpenChange={setSearchOpen} entries={entries} onNavigate={(path) => router.push(path)} />
    </div>
  );
}
