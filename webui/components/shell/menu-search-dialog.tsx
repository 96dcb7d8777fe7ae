"use client";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/hooks/use-debounced";
import { moveHighlight, searchMenu, type SearchEntry } from "@/lib/menu-search";
import { cn } from "@/lib/utils";

export const MENU_SEARCH_DEBOUNCE_MS = 200;

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  entries: SearchEntry[];
  onNavigate: (path: string) => void;
  debounceMs?: number;
}

/** SPEC §2 menu search: ordered-character matching, wrapping arrows, Enter, Escape/outside/Cancel. */
export function MenuSearchDialog({ open, onOpenChange, entries, onNavigate, debounceMs = MENU_SEARCH_DEBOUNCE_MS }: Props) {
  const t = useTranslations("search");
  const [keyword, setKeyword] = useState("");
  const debounced = useDebounced(keyword, debounceMs);
  const results = useMemo(() => searchMenu(debounced, entries), [debounced, entries]);
  const [highlight, setHighlight] = useState(-1);

  useEffect(() => setHighlight(results.length > 0 ? 0 : -1), [results]);
  useEffect(() => {
    if (!open) setKeyword("");
  }, [open]);

  function choose(entry: SearchEntry | undefined) {
    if (!entry) return;
    onOpenChange(false);
    onNavigate(entry.path);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setHighlight((current) => moveHighlight(current, results.length, event.key === "ArrowDown" ? "down" : "up"));
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose(results[highlight]);
    }
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} data-testid="menu-search" onKeyDown={onKeyDown}>
        <DialogTitle className="sr-only">{t("placeholder")}</DialogTitle>
        <Input autoFocus value={keyword} onChange={(e) => setKeyword(e.target.value)} placeholder={t("placeholder")} aria-label={t("placeholder")} />
        <ul className="mt-3 max-h-72 overflow-auto" role="listbox">
          {results.map((entry, index) => (
            <li
              key={entry.path}
              role="option"
              aria-selected={index === highlight}
              onMouseEnter={() => setHighlight(index)}
              onClick={() => choose(entry)}
              className={cn("cursor-pointer rounded px-3 py-2 text-sm", index === highlight ? "bg-primary text-primary-foreground" : "hover:bg-black/5")}
            >
              {entry.label}
            </li>
          ))}
        </ul>
        {debounced.trim() && results.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("noData")}</p>}
        <div className="mt-3 flex items-center justify-between text-xs text-muted">
          <span>
            {t("hintNavigate")} · {t("hintMove")} · {t("hintClose")}
          </span>
          <Button variant="outline" size="sm" onClick={() => onOpenChange(false)}>
            {t("cancel")}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
