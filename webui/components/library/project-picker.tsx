"use client";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { Input } from "@/components/ui/input";
import { useDebounced } from "@/hooks/use-debounced";
import { api } from "@/lib/api/client";
import type { Page, ProjectOption } from "@/lib/api/types";
import { PROJECT_PAGE, PROJECT_SEARCH_DEBOUNCE_MS, grownSize, nearBottom } from "@/lib/library/paging";
import { cn } from "@/lib/utils";

interface Props {
  value: ProjectOption | null;
  onChange: (project: ProjectOption) => void;
  invalid?: boolean;
}

/** The project selector of SPEC §2/§9: 50 at a time, growing by 50 on scroll, search debounced 500 ms. */
export function ProjectPicker({ value, onChange, invalid }: Props) {
  const t = useTranslations("library.apply");
  const [keyword, setKeyword] = useState("");
  const [size, setSize] = useState(PROJECT_PAGE);
  const [open, setOpen] = useState(false);
  const name = useDebounced(keyword, PROJECT_SEARCH_DEBOUNCE_MS);
  useEffect(() => setSize(PROJECT_PAGE), [name]);
  const { data, isLoading } = useSWR(open ? ["apply-projects", name, size] : null, () =>
    api.get<Page<ProjectOption>>("/api/project/getProjectList", { query: { page: 1, pageSize: size, name } }),
    { keepPreviousData: true },
  );
  const items = data?.items ?? [];
  return (
    <div className="relative">
      <button
        type="button"
        data-testid="project-picker"
        aria-haspopup="listbox"
        aria-expanded={open}
        className={cn("flex h-8 w-full items-center rounded-md border border-border bg-card px-2.5 text-left text-sm", invalid && "border-danger")}
        onClick={() => setOpen(!open)}
      >
        {value ? value.name : <span className="text-muted">{t("projectPlaceholder")}</span>}
      </button>
      {open && (
        <div className="absolute z-50 mt-1 w-full rounded-md border border-border bg-card p-1 shadow-lg">
          <Input autoFocus aria-label={t("projectSearch")} placeholder={t("projectSearch")} value={keyword} onChange={(e) => setKeyword(e.target.value)} data-testid="project-search" />
          <ul
            role="listbox"
            className="mt-1 max-h-56 overflow-y-auto text-sm"
            data-testid="project-options"
            onScroll={(e) => {
              const el = e.currentTarget;
              if (!nearBottom(el.scrollTop, el.clientHeight, el.scrollHeight)) return;
              const next = grownSize(size, items.length, data?.total ?? 0);
              if (next) setSize(next);
            }}
          >
            {items.map((project) => (
              <li
                key={project.id}
                role="option"
                aria-selected={value?.id === project.id}
                className={cn("cursor-pointer rounded px-2 py-1.5 hover:bg-primary/10", value?.id === project.id && "text-primary")}
                onClick={() => {
                  onChange(project);
                  setOpen(false);
                }}
              >
                {project.name}
              </li>
            ))}
            {!isLoading && items.length === 0 && <li className="px-2 py-3 text-center text-muted">{t("noProject")}</li>}
            {isLoading && <li className="px-2 py-2 text-center text-muted">{t("loading")}</li>}
          </ul>
        </div>
      )}
    </div>
  );
}
