"use client";
import { FileUp, Plus } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { NameDialog } from "@/components/graph/name-dialog";
import { TasksDialog } from "@/components/graph/tasks-dialog";
import { VersionsDialog } from "@/components/graph/versions-dialog";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useGraphList, type GraphListQuery } from "@/hooks/use-graph-list";
import { useProjects } from "@/hooks/use-projects";
import { useTemplates } from "@/hooks/use-templates";
import { graphApi, saveDownload } from "@/lib/api/graph";
import type { GraphListItem } from "@/lib/api/types";
import { toast } from "@/lib/feedback";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount } from "@/lib/paging";
import { cn } from "@/lib/utils";
import { CreateGraphDialog } from "./create-graph-dialog";
import { GraphRowMenu, type RowAction } from "./graph-row-menu";

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
  const tg = useTranslations("graph");
  const router = useRouter();
  const { data, isLoading, mutate } = useGraphList(query);
  const [creating, setCreating] = useState<"template" | "file" | null>(null);
  const [acting, setActing] = useState<{ graph: GraphListItem; action: "rename" | "copy" | "versions" | "tasks" } | null>(null);
  const [confirmDialog, ask] = useConfirm();
  const run = async (work: () => Promise<unknown>, successKey = "saved") => {
    try {
      await work();
      toast("success", { key: successKey });
      await mutate();
    } catch {
      // shown by the client
    }
  };
  const onRowAction = async (graph: GraphListItem, action: RowAction) => {
    if (action === "publish") await run(() => graphApi.publish(graph.id));
    else if (action === "unpublish") await run(() => graphApi.unPublish(graph.id));
    else if (action === "delete") {
      if (await ask(tg("deleteGraphConfirm", { name: graph.name }))) await run(() => graphApi.remove(graph.id), "deleted");
    } else setActing({ graph, action });
  };
  const exportAs = async (graph: GraphListItem, format: string) => {
    try {
      saveDownload(await graphApi.exportFile(graph.id, format));
    } catch {
      // shown by the client
    }
  };
  const { data: templates } = useTemplates();
  const { data: projects } = useProjects();
  const total = data?.total ?? 0;
  const pages = pageCount(total, query.pageSize);
  const update = (patch: Partial<GraphListQuery>) => setQuery((current) => ({ ...current, page: 1, ...patch }));

  return (
    <section className="rounded-lg bg-card p-4" data-testid="graph-list">
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <h1 className="text-lg font-semibold">{t("title")}</h1>
        <span className="flex-1" />
        <Button onClick={() => setCreating("template")} data-testid="new-graph">
          <Plus size={14} />
          {tg("create")}
        </Button>
        <Button variant="outline" onClick={() => setCreating("file")} data-testid="import-graph">
          <FileUp size={14} />
          {tg("importFile")}
        </Button>
      </div>
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
      {/* Phones: one card per graph with what the table's columns say and the same row menu. */}
      <ul className="flex flex-col gap-2 md:hidden" data-testid="graph-cards">
        {data?.items.map((graph) => (
          <li key={graph.id} className="rounded-lg border border-border bg-card p-3 text-sm" data-testid="graph-card">
            <div className="flex items-start gap-2">
              <Link href={`/knowledgeGraph/knowledgeTree/${graph.id}`} className="min-w-0 flex-1 break-words font-medium hover:text-primary hover:underline">
                {graph.name}
              </Link>
              <GraphRowMenu graph={graph} onAction={(action) => void onRowAction(graph, action)} onExport={(format) => void exportAs(graph, format)} onLibraryChange={() => void mutate()} />
            </div>
            <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
              <span className={cn("rounded px-1.5 py-0.5", graph.releaseState === 1 ? "bg-success/15 text-success" : "bg-black/5 text-foreground/75 dark:bg-white/10")}>
                {graph.releaseState === 1 ? t("released") : t("unreleased")}
              </span>
              <span>{graph.templateName}</span>
              {graph.projectName && <span>{graph.projectName}</span>}
              <span className="tabular-nums">{t("nodeCountShort", { count: graph.nodeCount })}</span>
              <span>{graph.isEdit === 1 ? t("editable") : t("readOnly")}</span>
            </div>
          </li>
        ))}
      </ul>
      <div className="hidden overflow-x-auto md:block">
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
              <th className="px-3 py-2" />
            </tr>
          </thead>
          <tbody>
            {data?.items.map((graph) => (
              <tr key={graph.id} className="border-b border-border hover:bg-black/[0.02] dark:hover:bg-white/[0.03]" data-testid="graph-row">
                <td className="px-3 py-2 font-medium">
                  <Link href={`/knowledgeGraph/knowledgeTree/${graph.id}`} className="hover:text-primary hover:underline" data-testid="graph-link">
                    {graph.name}
                  </Link>
                  {graph.isTryout && <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-800">{t("trial")}</span>}
                </td>
                <td className="px-3 py-2">{graph.templateName}</td>
                <td className="px-3 py-2">{graph.projectName}</td>
                <td className="px-3 py-2">
                  <span className={cn("rounded px-1.5 py-0.5 text-xs", graph.releaseState === 1 ? "bg-success/15 text-success" : "bg-black/5 text-foreground/75 dark:bg-white/10")}>
                    {graph.releaseState === 1 ? t("released") : t("unreleased")}
                  </span>
                </td>
                <td className="px-3 py-2">{graph.isEdit === 1 ? t("editable") : t("readOnly")}</td>
                <td className="px-3 py-2 text-right tabular-nums">{graph.nodeCount}</td>
                <td className="px-3 py-2 text-muted">
                  {graph.updateTime ? format.dateTime(new Date(graph.updateTime), { dateStyle: "medium", timeStyle: "short" }) : ""}
                </td>
                <td className="px-1 py-1 text-right">
                  <GraphRowMenu graph={graph} onAction={(action) => void onRowAction(graph, action)} onExport={(format) => void exportAs(graph, format)} onLibraryChange={() => void mutate()} />
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
      <CreateGraphDialog
        mode={creating}
        onOpenChange={(open) => !open && setCreating(null)}
        onCreated={(graph) => {
          setCreating(null);
          router.push(`/knowledgeGraph/knowledgeTree/${graph.id}`);
        }}
      />
      <NameDialog
        open={acting?.action === "rename" || acting?.action === "copy"}
        title={acting?.action === "copy" ? tg("copyGraph") : tg("renameGraph")}
        initialName={acting ? (acting.action === "copy" ? tg("copyName", { name: acting.graph.name }) : acting.graph.name) : ""}
        withProject={acting?.action === "copy"}
        initialProjectId={acting?.graph.projectId}
        onOpenChange={(open) => !open && setActing(null)}
        onSubmit={async (newName, projectId) => {
          if (!acting) return;
          if (acting.action === "copy") await graphApi.saveAs(acting.graph.id, { name: newName, projectId });
          else await graphApi.rename(acting.graph.id, newName);
          toast("success", { key: "saved" });
          await mutate();
        }}
      />
      {acting && (
        <VersionsDialog graphId={acting.graph.id} editable={acting.graph.isEdit === 1} open={acting.action === "versions"} onOpenChange={(open) => !open && setActing(null)} onRestored={() => void mutate()} />
      )}
      {acting && (
        <TasksDialog graphId={acting.graph.id} nodeId={null} nodeNames={(id) => `#${id}`} editable={acting.graph.isEdit === 1} open={acting.action === "tasks"} onOpenChange={(open) => !open && setActing(null)} />
      )}
      {confirmDialog}
    </section>
  );
}
