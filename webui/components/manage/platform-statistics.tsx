"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { BarChart, DonutChart, Figure, LineChart } from "@/components/manage/charts";
import { Select } from "@/components/ui/select";
import { backOfficeApi } from "@/lib/api/manage";
import { toData } from "@/lib/manage/charts";
import { ROLE_NAME_BY_CODE } from "@/lib/manage/format";

const LIBRARY_STATES: Record<string, string> = { "0": "wait", "2": "refuse", "4": "publish", "6": "unpublish" };
const APPLY_STATES: Record<string, string> = { "0": "apply", "1": "authorization", "2": "pass", "3": "reject" };

/** /statistics: platform figures and charts over the last N days. */
export function PlatformStatistics() {
  const t = useTranslations("manage.charts");
  const tm = useTranslations("manage");
  const tk = useTranslations("manage.templates");
  const tl = useTranslations("library.manage");
  const tr = useTranslations("library.records");
  const [days, setDays] = useState(30);
  const { data } = useSWR(["metrics", days], () => backOfficeApi.metrics(days));
  return (
    <div className="flex flex-col gap-3" data-testid="platform-statistics">
      <div className="flex items-center gap-2">
        <h1 className="mr-auto text-base font-semibold">{t("platformTitle")}</h1>
        <Select aria-label={t("days")} value={days} onChange={(e) => setDays(Number(e.target.value))}>
          {[7, 30, 90, 365].map((d) => (
            <option key={d} value={d}>
              {t("lastDays", { days: d })}
            </option>
          ))}
        </Select>
      </div>
      {data && (
        <>
          {/* What the figures count: the caller's scope, and that graphs outside projects are in it. */}
          <p className="text-sm text-muted" data-testid="statistics-scope">
            {t(`scope.${data.scope ?? "platform"}`)} {t("graphsNote", { outside: data.graphsOutsideProjects ?? 0 })}
          </p>
          <div className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-9">
            <Figure label={t("units")} value={data.units} testId="figure-units" />
            <Figure label={t("users")} value={data.users} testId="figure-users" />
            <Figure label={t("projects")} value={data.projects} testId="figure-projects" />
            <Figure label={t("trialProjects")} value={data.trialProjects} />
            <Figure label={t("graphs")} value={data.graphs} testId="figure-graphs" />
            <Figure label={t("released")} value={data.releasedGraphs} />
            <Figure label={t("nodes")} value={data.nodes} />
            <Figure label={t("relations")} value={data.relations} />
            <Figure label={t("activeUsers")} value={`${data.activeUsers} / ${data.logins}`} />
          </div>
          <div className="grid grid-cols-1 gap-3 lg:grid-cols-2">
            <LineChart title={t("graphsPerDay")} data={data.graphsCreatedPerDay.map((d) => ({ label: d.date, value: d.count }))} />
            <DonutChart title={t("usersByRole")} data={toData(data.usersByRole, (code) => tm(`roles.${ROLE_NAME_BY_CODE[code] ?? "test"}`))} />
            <BarChart title={t("graphsByKind")} data={toData(data.graphsByKind, (kind) => tk(`kinds.${kind}`))} />
            <DonutChart title={t("libraryByState")} data={toData(data.libraryByState, (s) => tl(`states.${LIBRARY_STATES[s] ?? "wait"}`))} />
            <BarChart title={t("appliesByState")} data={toData(data.appliesByState, (s) => tr(`states.${APPLY_STATES[s] ?? "apply"}`))} />
          </div>
        </>
      )}
    </div>
  );
}
