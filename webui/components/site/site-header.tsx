"use client";
import { LayoutDashboard, LogIn, Menu } from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { LanguagePicker } from "@/components/shell/language-picker";
import { ThemeToggle } from "@/components/shell/theme-toggle";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useSession } from "@/hooks/use-session";
import { cn } from "@/lib/utils";

const LINKS = [
  { href: "/home", key: "home" },
  { href: "/graphCommonMore", key: "library" },
  { href: "/help_v", key: "videos" },
  { href: "/help_doc", key: "docs" },
] as const;

/** The header of the public pages: portal links, theme, language, sign in or enter the workspace. */
export function SiteHeader() {
  const t = useTranslations("site.nav");
  const tApp = useTranslations("app");
  const pathname = usePathname();
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 flex h-14 items-center gap-2 border-b sm:gap-4 border-border bg-card/95 px-4 backdrop-blur" data-testid="site-header">
      <Link href="/home" className="flex items-center gap-2 font-semibold">
        <span className="inline-flex h-7 w-7 items-center justify-center rounded bg-primary text-sm text-white">知</span>
        <span className="hidden sm:inline">{tApp("name")}</span>
      </Link>
      {/* Below 768 px the links do not fit beside the controls: they move into the menu button's list. */}
      <nav className="hidden min-w-0 items-center gap-1 overflow-x-auto text-sm md:flex">
        {LINKS.map((link) => (
          <Link
            key={link.href}
            href={link.href}
            className={cn("whitespace-nowrap rounded px-2.5 py-1.5 hover:text-primary", pathname === link.href && "bg-primary/10 text-primary")}
          >
            {t(link.key)}
          </Link>
        ))}
      </nav>
      <div className="ml-auto flex items-center gap-1">
        <SiteMenuButton pathname={pathname} />
        <ThemeToggle />
        <LanguagePicker />
        {session ? (
          <Button asChild size="sm">
            <Link href="/knowledgeGraph/index" data-testid="enter-workspace" aria-label={t("workspace")}>
              <LayoutDashboard size={14} />
              <span className="hidden sm:inline">{t("workspace")}</span>
            </Link>
          </Button>
        ) : (
          <Button asChild size="sm">
            <Link href="/login" data-testid="site-sign-in" aria-label={t("signIn")}>
              <LogIn size={14} />
              <span className="hidden sm:inline">{t("signIn")}</span>
            </Link>
          </Button>
        )}
      </div>
    </header>
  );
}

/** The portal links as a menu for narrow screens (< 768 px), where the header has no room for them. */
function SiteMenuButton({ pathname }: { pathname: string }) {
  const t = useTranslations("site.nav");
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button size="icon" variant="ghost" className="md:hidden" aria-label={t("menu")} data-testid="site-menu">
          <Menu size={18} />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent data-testid="site-menu-list">
        {LINKS.map((link) => (
          <DropdownMenuItem key={link.href} asChild>
            <Link href={link.href} aria-current={pathname === link.href ? "page" : undefined} className={cn(pathname === link.href && "text-primary")}>
              {t(link.key)}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

/** A public page: header on top, content below. */
export function SitePage({ children, wide = false, fill = false }: { children: React.ReactNode; wide?: boolean; fill?: boolean }) {
  return (
    <div className={cn("flex flex-col", fill ? "h-screen" : "min-h-screen")}>
      <SiteHeader />
      <main className={cn("mx-auto w-full flex-1 p-4", wide ? "max-w-none" : "max-w-6xl", fill && "min-h-0")}>{children}</main>
    </div>
  );
}
