"use client";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import useSWR from "swr";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/hooks/use-debounced";
import { taskApi } from "@/lib/api/graph";
import type { Assignee } from "@/lib/api/graph-types";
import { cn } from "@/lib/utils";

const SEARCH_DEBOUNCE_MS = 200;

/**
 * Chooses who takes a task: a search box over the people the server says the caller may assign
 * this graph's tasks to (project members, or the graph's unit for a graph without project).
 */
export function AssigneePicker({
  graphId,
  value,
  onChange,
  excludeId,
  autoFocus,
  testId = "task-assignee",
}: {
  graphId: number;
  value: Assignee | null;
  onChange: (assignee: Assignee) => void;
  excludeId?: number;
  autoFocus?: boolean;
  testId?: string;
}) {
  const t = useTranslations("tasks");
  const listId = useId();
  const [open, setOpen] = useState(Boolean(autoFocus));
  const [keyword, setKeyword] = useState("");
  const [highlight, setHighlight] = useState(0);
  const search = useDebounced(keyword.trim(), SEARCH_DEBOUNCE_MS);
  const { data, isLoading } = useSWR(open ? ["assignees", graphId, search] : null, () => taskApi.assignees(graphId, search), { keepPreviousData: true });
  const options = (data ?? []).filter((person) => person.userId !== excludeId);
  const choose = (person: Assignee | undefined) => {
    if (!person) return;
    onChange(person);
    setOpen(false);
    setKeyword("");
  };
  return (
    <div className="relative">
      <Input
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-label={t("assigneeName")}
        autoFocus={autoFocus}
        placeholder={value ? value.name : t("searchAssignee")}
        value={open ? keyword : (value?.name ?? "")}
        onFocus={() => (setOpen(true), setHighlight(0))}
        onBlur={() => setOpen(false)}
        onChange={(event) => (setKeyword(event.target.value), setHighlight(0), setOpen(true))}
        onKeyDown={(event) => {
          if (event.key === "ArrowDown" || event.key === "ArrowUp") {
            event.preventDefault();
            const step = event.key === "ArrowDown" ? 1 : -1;
            setHighlight((current) => (options.length ? (current + step + options.length) % options.length : 0));
          } else if (event.key === "Enter") {
            event.preventDefault();
            choose(options[highlight]);
          } else if (event.key === "Escape" && open) {
            event.stopPropagation();
            setOpen(false);
          }
        }}
        data-testid={testId}
      />
      {open && (
        <ul id={listId} role="listbox" className="absolute z-50 mt-1 max-h-56 w-full min-w-48 overflow-auto rounded-md border border-border bg-card p-1 text-sm shadow-lg" data-testid="assignee-options">
          {options.map((person, at) => (
            <li
              key={person.userId}
              role="option"
              aria-selected={at === highlight}
              className={cn("flex cursor-pointer items-baseline gap-2 rounded px-2 py-1.5", at === highlight && "bg-primary/10 text-primary")}
              // Chosen on mouse down, before the box loses focus and closes the list.
              onMouseDown={(event) => (event.preventDefault(), choose(person))}
              onMouseEnter={() => setHighlight(at)}
              data-testid="assignee-option"
            >
              <span>{person.name}</span>
              <span className="text-xs text-muted">{person.userName}</span>
            </li>
          ))}
          {!isLoading && options.length === 0 && <li className="px-2 py-3 text-center text-muted">{t("noAssignee")}</li>}
          {isLoading && options.length === 0 && <li className="px-2 py-2 text-center text-muted">{t("loading")}</li>}
        </ul>
      )}
    </div>
  );
}
