"use client";
import { List, Network, type LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Theme } from "@/lib/colors";
import type { MenuItem } from "@/lib/routes";
import { cn } from "@/lib/utils";

export const MENU_ICONS: Record<string, LucideIcon> = { network: Network, list: List };

interface Props {
  items: MenuItem[];
  collapsed: boolean;
  background: string;
  theme: Theme;
  onNavigate?: () => void;
}

export function Sidebar({ items, collapsed, background, theme, onNavigate }: Props) {
  const t = useTranslations("app");
  const pathname = usePathname();
  return (
    <nav
      data-testid="sidebar"
      data-theme={theme}
      className={cn("flex h-full flex-col overflow-y-auto transition-[width] duration-200", theme === "dark" ? "shell-dark" : "shell-light border-r border-border")}
      style={{ background, width: collapsed ? "var(--menu-collapsed-width)" : "var(--menu-width)" }}
    >
      <div className="flex h-12 shrink-0 items-center gap-2 px-3 text-base font-semibold">
        <span className="inline-flex h-7 w-7 items-center justify-center rounded bg-primary text-sm text-white">知</span>
        {!collapsed && <span>{t("name")}</span>}
      </div>
      <ul className="flex-1 py-1">
        {items.map((item) => (
          <MenuEntry key={item.path} item={item} collapsed={collapsed} pathname={pathname} onNavigate={onNavigate} depth={0} />
        ))}
      </ul>
    </nav>
  );
}

function MenuEntry({ item, collapsed, pathname, onNavigate, depth }: { item: MenuItem; collapsed: boolean; pathname: string; onNavigate?: () => void; depth: number }) {
  const Icon = item.icon ? MENU_ICONS[item.icon] : undefined;
  const active = pathname === item.path || pathname.startsWith(item.path + "/");
  if (item.children && item.children.length > 0) {
    return (
      <li>
        <div className="flex h-10 items-center gap-2 px-4 text-sm opacity-70" title={item.name}>
          {Icon && <Icon size={16} />}
          {!collapsed && <span>{item.name}</span>}
        </div>
        <ul>
          {item.children.map((child) => (
            <MenuEntry key={child.path} item={child} collapsed={collapsed} pathname={pathname} onNavigate={onNavigate} depth={depth + 1} />
          ))}
        </ul>
      </li>
    );
  }
  return (
    <li>
      <Link
        href={item.path}
        onClick={onNavigate}
        title={item.name}
        className={cn("flex h-10 items-center gap-2 text-sm transition-colors hover:text-primary", active && "bg-primary text-white hover:text-white")}
        style={{ paddingLeft: collapsed ? 16 : 16 + depth * 16 }}
      >
        {Icon && <Icon size={16} />}
        {!collapsed && <span>{item.name}</span>}
      </Link>
    </li>
  );
}
