"use client";
import { Maximize, Network, RotateCcw, Search, ZoomIn, ZoomOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { nodesNamed } from "@/lib/graph/relation-graph";

/** Zoom in, zoom out, fit the whole network, back to the opening view, back to the computed layout (dragged bubbles return). */
export function ZoomButtons({ onZoomIn, onZoomOut, onFit, onReset, onResetLayout }: { onZoomIn: () => void; onZoomOut: () => void; onFit: () => void; onReset: () => void; onResetLayout: () => void }) {
  const t = useTranslations("relationGraph");
  const buttons = [
    { key: "zoomIn", icon: ZoomIn, action: onZoomIn },
    { key: "zoomOut", icon: ZoomOut, action: onZoomOut },
    { key: "fit", icon: Maximize, action: onFit },
    { key: "reset", icon: RotateCcw, action: onReset },
    { key: "resetLayout", icon: Network, action: onResetLayout },
  ] as const;
  return (
    <div className="flex flex-col gap-0.5 rounded-md border border-border bg-card/95 p-0.5 shadow-sm" role="group" aria-label={t("controls")} data-testid="relation-zoom">
      {buttons.map(({ key, icon: Icon, action }) => (
        <Button key={key} variant="ghost" size="icon" onClick={action} aria-label={t(key)} title={t(key)} data-testid={`relation-${key}`}>
          <Icon size={16} aria-hidden />
        </Button>
      ))}
    </div>
  );
}

interface Named {
  id: number;
  name: string;
}

/** A node searched by name: suggestions while typing, arrows and Enter or a click pick one. */
export function NodeSearch<T extends Named>({ nodes, describe, onPick }: { nodes: T[]; describe: (node: T) => string; onPick: (node: T) => void }) {
  const t = useTranslations("relationGraph");
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const found = useMemo(() => nodesNamed(nodes, query), [nodes, query]);
  const pick = (node: T) => {
    setQuery(node.name);
    setOpen(false);
    onPick(node);
  };
  return (
    <div className="relative w-64" data-testid="relation-search">
      <Search size={14} className="pointer-events-none absolute left-2 top-1/2 -translate-y-1/2 text-muted" aria-hidden />
      <input
        type="search"
        role="combobox"
        aria-expanded={open && found.length > 0}
        aria-controls="relation-search-list"
        aria-autocomplete="list"
        aria-label={t("search")}
        placeholder={t("searchPlaceholder")}
        className="h-8 w-full rounded-md border border-border bg-card pl-7 pr-2 text-sm outline-none focus:border-primary"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") setActive((index) => Math.min(found.length - 1, index + 1));
          else if (e.key === "ArrowUp") setActive((index) => Math.max(0, index - 1));
          else if (e.key === "Enter" && found[active]) pick(found[active]);
          else if (e.key === "Escape") setOpen(false);
          else return;
          e.preventDefault();
        }}
      />
      {open && query.trim() !== "" && (
        <ul id="relation-search-list" role="listbox" aria-label={t("search")} className="absolute left-0 right-0 top-full z-10 mt-1 max-h-72 overflow-auto rounded-md border border-border bg-card py-1 text-sm shadow-lg">
          {found.length === 0 && <li className="px-2 py-1 text-muted">{t("noMatch")}</li>}
          {found.map((node, index) => (
            <li
              key={node.id}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-center justify-between gap-2 px-2 py-1 ${index === active ? "bg-primary/10 text-primary" : "hover:bg-primary/5"}`}
              // Before the input's blur closes the list.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(node)}
            >
              <span className="truncate">{node.name}</span>
              <span className="shrink-0 text-xs text-muted">{describe(node)}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
