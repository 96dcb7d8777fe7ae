"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { AttainmentLink } from "@/components/attainment/attainment-link";
import { useMemo } from "react";
import { useCourseDisplayInfo, useGraphDetail } from "@/hooks/use-graph";
import { bySemester, supportMatrix } from "@/lib/graph/curriculum";
import { cn } from "@/lib/utils";

const STRENGTH_STYLE: Record<string, string> = { H: "bg-primary text-white", M: "bg-primary/50 text-white", L: "bg-primary/15 text-primary" };

/** SPEC §2 /training_plan/{graphId}: courses by semester with credits and hours; the course x ability-target support matrix. */
export function TrainingPlanView({ graphId }: { graphId: number }) {
  const t = useTranslations("training");
  const { data: graph } = useGraphDetail(graphId);
  const { data: info } = useCourseDisplayInfo(graphId);
  const semesters = useMemo(() => bySemester(info?.courses ?? []), [info]);
  const matrix = useMemo(() => (info ? supportMatrix(info) : null), [info]);
  return (
    <div className="flex flex-col gap-4" data-testid="training-plan">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">
          {graph?.name} · {t("title")}
        </h1>
        <span className="text-sm text-muted">{t("totals", { courses: info?.courses.length ?? 0, credits: info?.credits ?? 0 })}</span>
        <span className="flex-1" />
        <AttainmentLink graphId={graphId} templateKind={graph?.templateKind} />
        <Link className="text-sm text-primary hover:underline" href={`/knowledgeGraph/knowledgeTree/${graphId}`}>
          {t("openMap")}
        </Link>
      </div>
      <section className="rounded-lg bg-card p-4">
        <h2 className="mb-3 font-medium">{t("bySemester")}</h2>
        {semesters.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("noCourses")}</p>}
        <div className="grid gap-3 md:grid-cols-2 xl:grid-cols-4">
          {semesters.map((semester) => (
            <div key={semester.semester} className="rounded-md border border-border p-3" data-testid="semester">
              <div className="mb-2 flex items-baseline gap-2">
                <span className="font-medium">{t("semester", { number: semester.semester })}</span>
                <span className="text-xs text-muted">{t("semesterTotals", { credits: semester.credits, hours: semester.hours })}</span>
              </div>
              <ul className="text-sm">
                {semester.courses.map((course) => (
                  <li key={course.id} className="flex justify-between gap-2 border-t border-border py-1">
                    <span className="truncate">{course.name}</span>
                    <span className="shrink-0 tabular-nums text-muted">
                      {t("courseTotals", { credits: course.credits, hours: course.hours })}
                    </span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>
      {matrix && matrix.columns.length > 0 && info && info.courses.length > 0 && (
        <section className="rounded-lg bg-card p-4">
          <h2 className="mb-1 font-medium">{t("matrix")}</h2>
          <p className="mb-3 text-xs text-muted">{t("matrixHint")}</p>
          <div className="overflow-auto">
            <table className="border-collapse text-xs" data-testid="support-matrix">
              <thead>
                <tr>
                  <th className="sticky left-0 bg-card px-2 py-1 text-left font-medium">{t("course")}</th>
                  {matrix.columns.map((column) => (
                    <th key={column.id} className="h-36 min-w-8 border border-border px-1 align-bottom font-normal" title={`${column.groupName ?? ""} ${column.name}`}>
                      <span className="inline-block max-h-32 overflow-hidden [writing-mode:vertical-rl]">{column.name}</span>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {info.courses.map((course) => (
                  <tr key={course.id}>
                    <th className="sticky left-0 whitespace-nowrap bg-card px-2 py-1 text-left font-normal">{course.name}</th>
                    {matrix.columns.map((column) => {
                      const strength = matrix.strength(course.id, column.id);
                      return (
                        <td key={column.id} className={cn("h-7 border border-border text-center", strength !== null && (STRENGTH_STYLE[strength] ?? "bg-primary/30"))}>
                          {strength}
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </section>
      )}
    </div>
  );
}
