"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import useSWR from "swr";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/hooks/use-debounced";
import { searchNodes } from "@/lib/api/excavate";
import { cn } from "@/lib/utils";

const SEARCH_DEBOUNCE_MS = 250;

export interface PickedNode {
  id: number;
  name: string;
}

/**
 * The node a review result goes to: a search box over the graph's nodes by name (searchPoint,
 * debounced). Typing alone still works: the text is the node's name, `node` stays null until a
 * node is chosen from the list, and typing again drops the choice.
 */
export function NodePicker({
  graphId,
  text,
  node,
  onChange,
  placeholder,
  className,
  testId = "node-picker",
}: {
  graphId: number;
  text: string;
  node: PickedNode | null;
  onChange: (text: string, node: PickedNode | null) => void;
  placeholder?: string;
  className?: string;
  testId?: string;
}) {
  const t = useTranslations("excavate.review");
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [highlight, setHighlight] = useState(0);
  const search = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isLoading } = useSWR(open ? ["review-node-search", graphId, search] : null, () => searchNodes(graphId, search), { keepPreviousData: true });
  const options = data?.items ?? [];
  const choose = (option: PickedNode | undefined) => {
    if (!option) return;
    onChange(option.name, { id: option.id, name: option.name });
    setOpen(false);
  };
  return (
    <div className={cn("relative", className)}>
      <Input
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-label={t("nodePicker")}
        title={node ? t("nodePicked", { name: node.name, id: node.id }) : undefined}
        placeholder={placeholder ?? t("searchNode")}
        value={text}
        className={cn(node && "border-primary")}
        onFocus={() => (setOpen(true), setHighlight(0))}
        onBlur={() => setOpen(false)}
        onChange={(event) => (onChange(event.target.value, null), setHighlight(0), setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setHighlight((current) => (options.length ? (current + step + options.length) % options.length : 0));
          } else if (event.key === "Enter" && open && options.length) {
            event.preventDefault();
            choose(options[highlight]);
          } else if (event.key === "Escape" && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        data-testid={testId}
        data-node-id={node?.id ?? ""}
      />
      {open && (
        <ul id={listId} role="listbox" className="absolute z-20 mt-1 max-h-56 w-full min-w-56 overflow-auto rounded-md border border-border bg-card p-1 text-sm shadow-lg" data-testid="node-options">
          {options.map((option, at) => (
            <li
              key={option.id}
              role="option"
              aria-selected={at === highlight}
              className={cn("flex cursor-pointer items-baseline gap-2 rounded px-2 py-1.5", at === highlight && "bg-primary/10 text-primary")}
              // Chosen on mouse down, before the box loses focus and closes the list.
              onMouseDown={(event) => (event.preventDefault(), choose(option))}
              onMouseEnter={() => setHighlight(at)}
              data-testid="node-option"
            >
              <span className="truncate">{option.name}</span>
              <span className="ml-auto shrink-0 text-xs text-muted">#{option.id}</span>
            </li>
          ))}
          {!isLoading && options.length === 0 && <li className="px-2 py-3 text-center text-muted">{t("noNode")}</li>}
          {isLoading && options.length === 0 && <li className="px-2 py-2 text-center text-muted">{t("searching")}</li>}
        </ul>
      )}
    </div>
  );
}
