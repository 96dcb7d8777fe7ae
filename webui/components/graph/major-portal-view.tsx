"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useCourseTimes, useGraphDetail } from "@/hooks/use-graph";
import useSWR from "swr";
import { api } from "@/lib/api/client";

interface AbilityTotals {
  items: { id: number; name: string; type: string; total: number }[];
  supported: number;
  unsupported: { id: number; name: string }[];
}

/** SPEC §2 /major_portal/{graphId}: a major at a glance: hours by semester, ability coverage, the graph's screens. */
export function MajorPortalView({ graphId }: { graphId: number }) {
  const t = useTranslations("portal");
  const { data: graph } = useGraphDetail(graphId);
  const { data: times } = useCourseTimes(graphId);
  const { data: coverage } = useSWR(["abilityTotals", graphId], () => api.get<AbilityTotals>(`/api/graph/searchAbilityPointRelationTotal/${graphId}`));
  const widest = Math.max(1, ...(times?.semesters ?? []).map((s) => s.hours));
  const links = [
    { href: `/knowledgeGraph/knowledgeTree/${graphId}`, key: "mindMap" },
    { href: `/knowledgeGraph/RelationGraph/${graphId}`, key: "relationGraph" },
    { href: `/training_plan/${graphId}`, key: "trainingPlan" },
    { href: `/major_graph/${graphId}`, key: "majorGraph" },
  ];
  return (
    <div className="flex flex-col gap-4" data-testid="major-portal">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">{graph?.name}</h1>
        <span className="text-sm text-muted">{graph?.templateName}</span>
        <span className="flex-1" />
        {links.map((link) => (
          <Link key={link.key} href={link.href} className="text-sm text-primary hover:underline">
            {t(link.key)}
          </Link>
        ))}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <section className="rounded-lg bg-card p-4">
          <h2 className="mb-3 font-medium">{t("hoursBySemester")}</h2>
          {(times?.semesters ?? []).length === 0 && <p className="py-6 text-center text-sm text-muted">{t("noCourses")}</p>}
          <ul className="flex flex-col gap-2 text-sm">
            {times?.semesters.map((semester) => (
              <li key={semester.semester} className="grid grid-cols-[5rem_1fr_9rem] items-center gap-2">
                <span>{t("semester", { number: semester.semester })}</span>
                <span className="h-3 rounded bg-primary/70" style={{ width: `${(semester.hours / widest) * 100}%` }} />
                <span className="text-right tabular-nums text-muted">{t("semesterTotals", { courses: semester.courses, credits: semester.credits, hours: semester.hours })}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="rounded-lg bg-card p-4">
          <h2 className="mb-3 font-medium">{t("coverage")}</h2>
          {coverage && (
            <>
              <p className="mb-2 text-sm">{t("coverageTotals", { supported: coverage.supported, total: coverage.items.length })}</p>
              {coverage.unsupported.length > 0 && (
                <>
                  <p className="mb-1 text-sm text-muted">{t("unsupported")}</p>
                  <ul className="flex flex-wrap gap-1 text-xs">
                    {coverage.unsupported.map((item) => (
                      <li key={item.id}>
                        <Link href={`/knowledgeGraph/knowledgeTree/${graphId}/${item.id}`} className="inline-block rounded bg-danger/10 px-1.5 py-0.5 text-danger hover:underline">
                          {item.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </>
          )}
        </section>
      </div>
    </div>
  );
}
