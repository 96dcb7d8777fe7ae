"use client";
import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import useSWR from "swr";
import { BarChart, DonutChart, Figure } from "@/components/manage/charts";
import { Select } from "@/components/ui/select";
import { projectApi } from "@/lib/api/manage";
import { toData } from "@/lib/manage/charts";

const ALL = { page: 1, pageSize: 1000, keyword: "", filters: {} };

/** /projectStatistics: every project's size, and one project's graphs, members and tasks. */
export function ProjectStatistics() {
  const t = useTranslations("manage.charts");
  const tk = useTranslations("manage.templates");
  const tmem = useTranslations("manage.members");
  const ttask = useTranslations("manage.tasks.states");
  const router = useRouter();
  const params = useSearchParams();
  const { data: projects } = useSWR(["manage-projects-all"], () => projectApi.withSizes(ALL));
  const chosen = Number(params.get("projectId")) || projects?.items[0]?.id || null;
  const { data: stats } = useSWR(chosen ? ["project-stats", chosen] : null, () => projectApi.statistics(chosen!));
  const items = projects?.items ?? [];
  return (
    <div className="flex flex-col gap-3" data-testid="project-statistics">
      <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
        <BarChart title={t("nodesByProject")} data={items.map((p) => ({ label: p.name, value: p.nodeCount ?? 0 }))} />
        <BarChart title={t("graphsByProject")} data={items.map((p) => ({ label: p.name, value: p.graphCount }))} />
      </div>
      <div className="flex items-center gap-2">
        <h1 className="text-base font-semibold">{t("projectTitle")}</h1>
        <Select aria-label={t("project")} value={chosen ?? ""} onChange={(e) => router.replace(`/projectStatistics?projectId=${e.target.value}`)} data-testid="stats-project">
          {items.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </div>
      {stats && (
        <>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
            <Figure label={t("graphs")} value={stats.graphCount} />
            <Figure label={t("released")} value={stats.releasedGraphCount} />
            <Figure label={t("nodes")} value={stats.nodeCount} />
            <Figure label={t("relations")} value={stats.relationCount} />
          </div>
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-3">
            <BarChart title={t("graphsByKind")} data={toData(stats.graphsByKind, (kind) => tk(`kinds.${kind}`))} />
            <DonutChart title={t("membersByRole")} data={toData(stats.membersByRole, (role) => (role === "10" ? tmem("projectAdmin") : tmem("projectUser")))} />
            <DonutChart title={t("tasksByState")} data={toData(stats.tasksByState, (state) => (["assigned", "submitted", "examined", "returned"].includes(state) ? ttask(state) : state))} />
          </div>
        </>
      )}
    </div>
  );
}
