"use client";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useGraphList, type GraphListQuery } from "@/hooks/use-graph-list";
import { useProjects } from "@/hooks/use-projects";
import { useTemplates } from "@/hooks/use-templates";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount } from "@/lib/paging";
import { cn } from "@/lib/utils";

const EMPTY_QUERY: GraphListQuery = { page: 1, pageSize: DEFAULT_PAGE_SIZE, name: "", projectId: null, templateId: null, releaseState: null };

function parseId(value: string): number | null {
  return value === "" ? null : Number(value);
}

export function GraphListView() {
  const t = useTranslations("graphList");
  const format = useFormatter();
  const locale = useLocale();
  const [query, setQuery] = useState<GraphListQuery>(EMPTY_QUERY);
  const [name, setName] = useState("");
  const { data, isLoading } = useGraphList(query);
  const { data: templates } = useTemplates();
  const { data: projects } = useProjects();
  const total = data?.total ?? 0;
  const pages = pageCount(total, query.pageSize);
  const update = (patch: Partial<GraphListQuery>) => setQuery((current) => ({ ...current, page: 1, ...patch }));

  return (
    <section className="rounded-lg bg-card p-4" data-testid="graph-list">
      <h1 className="mb-4 text-lg font-semibold">{t("title")}</h1>
      <form
        className="mb-4 flex flex-wrap items-center gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          update({ name: name.trim() });
        }}
      >
        <Input className="w-56" value={name} onChange={(e) => setName(e.target.value)} placeholder={t("searchPlaceholder")} aria-label={t("searchPlaceholder")} />
        <Select aria-label={t("project")} value={query.projectId ?? ""} onChange={(e) => update({ projectId: parseId(e.target.value) })}>
          <option value="">
            {t("project")}: {t("all")}
          </option>
          {projects?.items.map((project) => (
            <option key={project.id} value={project.id}>
              {project.name}
            </option>
          ))}
        </Select>
        <Select aria-label={t("template")} value={query.templateId ?? ""} onChange={(e) => update({ templateId: parseId(e.target.value) })}>
          <option value="">
            {t("template")}: {t("all")}
          </option>
          {templates?.map((template) => (
            <option key={template.id} value={template.id}>
              {locale === "en" && template.nameEn ? template.nameEn : template.name}
            </option>
          ))}
        </Select>
        <Select aria-label={t("releaseState")} value={query.releaseState ?? ""} onChange={(e) => update({ releaseState: parseId(e.target.value) })}>
          <option value="">
            {t("releaseState")}: {t("all")}
          </option>
          <option value="1">{t("released")}</option>
          <option value="0">{t("unreleased")}</option>
        </Select>
        <Button type="submit">{t("search")}</Button>
        <Button
          type="button"
          variant="outline"
          onClick={() => {
            setName("");
            setQuery(EMPTY_QUERY);
          }}
        >
          {t("reset")}
        </Button>
      </form>
      <div className="overflow-x-auto">
        <table className="w-full min-w-[760px] border-collapse text-sm">
          <thead>
            <tr className="border-b border-border text-left text-muted">
              <th className="px-3 py-2 font-medium">{t("name")}</th>
              <th className="px-3 py-2 font-medium">{t("template")}</th>
              <th className="px-3 py-2 font-medium">{t("project")}</th>
              <th className="px-3 py-2 font-medium">{t("releaseState")}</th>
              <th className="px-3 py-2 font-medium">{t("editMode")}</th>
              <th className="px-3 py-2 text-right font-medium">{t("nodeCount")}</th>
              <th className="px-3 py-2 font-medium">{t("updateTime")}</th>
            </tr>
          </thead>
          <tbody>
            {data?.items.map((graph) => (
              <tr key={graph.id} className="border-b border-border hover:bg-black/[0.02] dark:hover:bg-white/[0.03]" data-testid="graph-row">
                <td className="px-3 py-2 font-medium">
                  {graph.name}
                  {graph.isTryout && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-800">{t("trial")}</span>}
                </td>
                <td className="px-3 py-2">{graph.templateName}</td>
                <td className="px-3 py-2">{graph.projectName}</td>
                <td className="px-3 py-2">
                  <span className={cn("rounded px-1.5 py-0.5 text-xs", graph.releaseState === 1 ? "bg-success/15 text-success" : "bg-black/5 text-muted dark:bg-white/10")}>
                    {graph.releaseState === 1 ? t("released") : t("unreleased")}
                  </span>
                </td>
                <td className="px-3 py-2">{graph.isEdit === 1 ? t("editable") : t("readOnly")}</td>
                <td className="px-3 py-2 text-right tabular-nums">{graph.nodeCount}</td>
                <td className="px-3 py-2 text-muted">
                  {graph.updateTime ? format.dateTime(new Date(graph.updateTime), { dateStyle: "medium", timeStyle: "short" }) : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {!isLoading && data && data.items.length === 0 && <p className="py-10 text-center text-sm text-muted">{t("empty")}</p>}
        {isLoading && !data && <p className="py-10 text-center text-sm text-muted">{t("loading")}</p>}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-end gap-2 text-sm" data-testid="pager">
        <span className="text-muted">{t("total", { total })}</span>
        <Select aria-label={t("pageSize", { size: query.pageSize })} value={query.pageSize} onChange={(e) => update({ pageSize: Number(e.target.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t("pageSize", { size })}
            </option>
          ))}
        </Select>
        <Button variant="outline" size="sm" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
          {t("previous")}
        </Button>
        <span>{t("page", { page: query.page, pages })}</span>
        <Button variant="outline" size="sm" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
          {t("next")}
        </Button>
      </div>
    </section>
  );
}
