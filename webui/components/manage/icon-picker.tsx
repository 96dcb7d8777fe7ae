"use client";
import type { LucideIcon } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/hooks/use-debounced";
import { ICON_SEARCH_DEBOUNCE_MS, filterIcons, iconPage, kebab } from "@/lib/manage/icons";
import { cn } from "@/lib/utils";

type IconMap = Record<string, LucideIcon>;
let loaded: Promise<IconMap> | null = null;

/** The whole icon set is loaded only when a picker opens, so no page pays for it up front. */
function loadIcons(): Promise<IconMap> {
  loaded ??= import("lucide-react").then((module) => {
    const map: IconMap = {};
    for (const [name, icon] of Object.entries(module.icons)) map[kebab(name)] = icon as LucideIcon;
    return map;
  });
  return loaded;
}

export function IconView({ name, size = 16 }: { name: string; size?: number }) {
  const [icons, setIcons] = useState<IconMap | null>(null);
  useEffect(() => {
    if (name) void loadIcons().then(setIcons);
  }, [name]);
  const Icon = name && icons ? icons[name] : undefined;
  return Icon ? <Icon size={size} /> : <span className="inline-block" style={{ width: size, height: size }} />;
}

/** SPEC §2/§9: searchable (100 ms debounce), 140 icons a page. */
export function IconPicker({ value, onChange }: { value: string; onChange: (name: string) => void }) {
  const t = useTranslations("manage.icons");
  const [icons, setIcons] = useState<IconMap | null>(null);
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState(1);
  const debounced = useDebounced(keyword, ICON_SEARCH_DEBOUNCE_MS);
  useEffect(() => void loadIcons().then(setIcons), []);
  useEffect(() => setPage(1), [debounced]);
  const names = useMemo(() => filterIcons(Object.keys(icons ?? {}), debounced), [icons, debounced]);
  const shown = iconPage(names, page);
  return (
    <fieldset className="flex flex-col gap-2 rounded-md border border-border p-2 text-sm" data-testid="icon-picker">
      <legend className="px-1 text-muted">{t("title")}</legend>
      <div className="flex items-center gap-2">
        <Input aria-label={t("search")} placeholder={t("search")} value={keyword} onChange={(e) => setKeyword(e.target.value)} className="w-48" data-testid="icon-search" />
        <span className="text-xs text-muted">{value ? t("chosen", { name: value }) : t("none")}</span>
        {value && (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange("")}>
            {t("clear")}
          </Button>
        )}
      </div>
      {!icons ? (
        <p className="text-xs text-muted">{t("loading")}</p>
      ) : (
        <div className="grid max-h-48 grid-cols-[repeat(auto-fill,minmax(32px,1fr))] gap-1 overflow-y-auto">
          {shown.items.map((name) => {
            const Icon = icons[name];
            return (
              <button
                type="button"
                key={name}
                title={name}
                aria-label={name}
                data-testid="icon-option"
                onClick={() => onChange(name)}
                className={cn("flex h-8 items-center justify-center rounded border border-transparent hover:border-primary", value === name && "border-primary bg-primary/10 text-primary")}
              >
                <Icon size={16} />
              </button>
            );
          })}
        </div>
      )}
      {shown.showPager && (
        <div className="flex items-center justify-end gap-2 text-xs">
          <Button type="button" size="sm" variant="outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t("previous")}
          </Button>
          <span>{t("page", { page: Math.min(page, shown.pages), pages: shown.pages })}</span>
          <Button type="button" size="sm" variant="outline" disabled={page >= shown.pages} onClick={() => setPage(page + 1)}>
            {t("next")}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
