"use client";
import { Pencil, Plus, RotateCcw, Search, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR, { useSWRConfig } from "swr";
import { FormDialog } from "@/components/manage/form-dialog";
import { Pager } from "@/components/manage/pager";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import type { ListQuery } from "@/lib/api/manage";
import type { Page } from "@/lib/api/types";
import { toast } from "@/lib/feedback";
import type { FieldSpec, FormValues, Option } from "@/lib/manage/form";
import { DEFAULT_PAGE_SIZE } from "@/lib/paging";
import { cn } from "@/lib/utils";

export interface Column<T> {
  key: string;
  title: string;
  render?: (row: T) => React.ReactNode;
  className?: string;
  /** The tooltip of a rendered cell (its whole text, when the cell is cut). */
  tooltip?: (row: T) => string;
}

export interface FilterSpec {
  name: string;
  label: string;
  options: Option[];
}

export interface CrudManagerProps<T extends { id: number }> {
  /** SWR key and test id. */
  resource: string;
  title: string;
  columns: Column<T>[];
  load: (query: ListQuery) => Promise<Page<T>>;
  searchLabel?: string;
  filters?: FilterSpec[];
  /** Create/edit form; without it there is no create or edit. */
  fields?: FieldSpec[];
  emptyValues?: FormValues;
  toValues?: (row: T) => FormValues;
  create?: (values: FormValues) => Promise<unknown>;
  update?: (row: T, values: FormValues) => Promise<unknown>;
  remove?: (row: T) => Promise<unknown>;
  canEdit?: (row: T) => boolean;
  canRemove?: (row: T) => boolean;
  /** Name in the delete question. */
  describe?: (row: T) => string;
  rowActions?: (row: T, reload: () => void) => React.ReactNode;
  toolbar?: (reload: () => void, query: ListQuery) => React.ReactNode;
  /** Extra editor under the generic fields (values and setter of the dialog are the page's own). */
  formExtra?: React.ReactNode;
  onFormOpen?: (row: T | null) => void;
  wideForm?: boolean;
  sizes?: readonly number[];
  /** The server's form rules the dialog follows (toolkit.admin.forms). */
  form?: string;
}

/** Lists whose figures a back-office change can move (a user adds to a unit's count, a member to a
 * project's): every change refreshes them all, so no count is stale until a reload. */
const COUNTED_LISTS = ["users", "units", "projects", "metrics", "project-stats", "manage-units-all", "manage-users-all", "manage-projects-all"];

export function useRefreshCounts(): () => void {
  const { mutate } = useSWRConfig();
  return () => void mutate((key) => Array.isArray(key) && COUNTED_LISTS.includes(String(key[0])));
}

/** Whether the row allows an action: rows that list their actions (the server's rule for the caller)
 * allow only those; rows without a list leave it to the page's own checks. */
export function rowAllows(row: object, action: string): boolean {
  const actions = (row as { actions?: unknown }).actions;
  return Array.isArray(actions) ? actions.includes(action) : true;
}

/**
 * The back office's one list: search, filters, paging, create/edit in a dialog, delete with a
 * question, extra row actions. Every manager page is this component plus its columns and fields.
 */
export function CrudManager<T extends { id: number }>(props: CrudManagerProps<T>) {
  const t = useTranslations("manage");
  const [keywordDraft, setKeywordDraft] = useState("");
  const [query, setQuery] = useState<ListQuery>({ page: 1, pageSize: DEFAULT_PAGE_SIZE, keyword: "", filters: {} });
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [confirmDialog, ask] = useConfirm();
  const { data, error, isLoading, mutate } = useSWR([props.resource, query], () => props.load(query), { keepPreviousData: true });
  const refreshCounts = useRefreshCounts();
  const reload = () => {
    void mutate();
    refreshCounts();
  };
  const rows = data?.items ?? [];

  const openForm = (row: T | null) => {
    setEditing(row);
    props.onFormOpen?.(row);
    setFormOpen(true);
  };

  async function remove(row: T) {
    if (!props.remove) return;
    const name = props.describe?.(row) ?? String(row.id);
    if (!(await ask(t("deleteQuestion", { name })))) return;
    await props.remove(row);
    toast("success", { text: t("deleted") });
    reload();
  }

  const hasActions = !!(props.fields && props.update) || !!props.remove || !!props.rowActions;
  return (
    <section className="flex flex-col gap-3 rounded-lg bg-card p-4" data-testid={`manager-${props.resource}`}>
      <h1 className="text-base font-semibold">{props.title}</h1>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery((q) => ({ ...q, page: 1, keyword: keywordDraft }));
        }}
      >
        <Input
          aria-label={props.searchLabel ?? t("keyword")}
          placeholder={props.searchLabel ?? t("keyword")}
          className="w-56"
          value={keywordDraft}
          onChange={(e) => setKeywordDraft(e.target.value)}
          data-testid="manage-search"
        />
        {(props.filters ?? []).map((filter) => (
          <Select
            key={filter.name}
            aria-label={filter.label}
            value={query.filters[filter.name] ?? ""}
            onChange={(e) => setQuery((q) => ({ ...q, page: 1, filters: { ...q.filters, [filter.name]: e.target.value } }))}
          >
            <option value="">{`${filter.label}: ${t("all")}`}</option>
            {filter.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
        ))}
        <Button type="submit" data-testid="manage-search-submit">
          <Search size={14} />
          {t("search")}
        </Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setKeywordDraft("");
            setQuery((q) => ({ ...q, page: 1, keyword: "", filters: {} }));
          }}
        >
          <RotateCcw size={14} />
          {t("reset")}
        </Button>
        <div className="ml-auto flex flex-wrap gap-2">
          {props.toolbar?.(reload, query)}
          {props.fields && props.create && (
            <Button type="button" onClick={() => openForm(null)} data-testid="manage-create">
              <Plus size={14} />
              {t("create")}
            </Button>
          )}
        </div>
      </form>
      <div className="overflow-x-auto rounded-md border border-border">
        <table className="w-full min-w-[640px] text-sm">
          <thead className="bg-black/[0.03] text-left dark:bg-white/5">
            <tr>
              {props.columns.map((column) => (
                <th key={column.key} className={cn("whitespace-nowrap px-3 py-2 font-medium", column.className)}>
                  {column.title}
                </th>
              ))}
              {hasActions && <th className={cn("whitespace-nowrap px-3 py-2 text-right font-medium", STICKY_ACTIONS, "bg-[color-mix(in_srgb,var(--card)_97%,black)]")}>{t("actions")}</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id} className="border-t border-border hover:bg-primary/5" data-testid="manage-row">
                {props.columns.map((column) => (
                  <td key={column.key} className={cn("max-w-[16rem] truncate whitespace-nowrap px-3 py-2 align-middle", column.className)} title={cellTitle(row, column)}>
                    {column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? "")}
                  </td>
                ))}
                {hasActions && (
                  <td className={cn("px-3 py-1.5 text-right", STICKY_ACTIONS, "bg-card")} data-testid="row-actions">
                    {/* The action column stays fixed at the right edge; long cells are cut with a tooltip instead. */}
                    <div className="flex justify-end gap-1 [&>*]:whitespace-nowrap">
                      {props.rowActions?.(row, reload)}
                      {props.fields && props.update && rowAllows(row, "edit") && (props.canEdit?.(row) ?? true) && (
                        <Button size="sm" variant="ghost" onClick={() => openForm(row)} data-testid="row-edit">
                          <Pencil size={13} />
                          {t("edit")}
                        </Button>
                      )}
                      {props.remove && rowAllows(row, "delete") && (props.canRemove?.(row) ?? true) && (
                        <Button size="sm" variant="ghost" className="text-danger" onClick={() => void remove(row)} data-testid="row-delete">
                          <Trash2 size={13} />
                          {t("delete")}
                        </Button>
                      )}
                    </div>
                  </td>
                )}
              </tr>
            ))}
            {rows.length === 0 && (
              <tr>
                <td colSpan={props.columns.length + (hasActions ? 1 : 0)} className="px-3 py-8 text-center text-muted" data-testid={isLoading ? "manage-loading" : error ? "manage-failed" : "manage-empty"}>
                  {isLoading ? t("loading") : error ? t("loadFailed") : t("empty")}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      </div>
      <Pager
        page={query.page}
        pageSize={query.pageSize}
        total={data?.total ?? 0}
        sizes={props.sizes}
        onChange={(page, pageSize) => setQuery((q) => ({ ...q, page, pageSize }))}
      />
      {props.fields && (
        <FormDialog
          open={formOpen}
          onOpenChange={setFormOpen}
          title={editing ? t("editTitle", { name: props.title }) : t("createTitle", { name: props.title })}
          fields={props.fields}
          editing={editing !== null}
          initial={editing && props.toValues ? props.toValues(editing) : (props.emptyValues ?? {})}
          wide={props.wideForm}
          form={props.form}
          onSubmit={async (values) => {
            if (editing) await props.update?.(editing, values);
            else await props.create?.(values);
            toast("success", { text: t("saved") });
            reload();
          }}
        >
          {props.formExtra}
        </FormDialog>
      )}
      {confirmDialog}
    </section>
  );
}

/** The action column sticks to the table's right edge, over the scrolled cells (Ant Design's fixed: "right"). */
const STICKY_ACTIONS = "sticky right-0 z-[1] shadow-[-6px_0_6px_-6px_rgba(0,0,0,0.25)]";

/** A cell's full text for its tooltip when it is cut: the plain value, or the rendered text. */
function cellTitle<T>(row: T, column: Column<T>): string | undefined {
  if (column.tooltip) return column.tooltip(row);
  const value = (row as Record<string, unknown>)[column.key];
  return !column.render && value !== null && value !== undefined && value !== "" ? String(value) : undefined;
}

/** A yes/no badge shared by the pages. */
export function StateBadge({ on, yes, no }: { on: boolean; yes: string; no: string }) {
  return <span className={cn("rounded px-1.5 py-0.5 text-xs", on ? "bg-success/15 text-success" : "bg-black/5 text-muted dark:bg-white/10")}>{on ? yes : no}</span>;
}
