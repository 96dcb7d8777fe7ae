"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { CourseAttainment } from "@/components/attainment/course-attainment";
import { IndicatorAttainment } from "@/components/attainment/indicator-attainment";
import { useGraphDetail } from "@/hooks/use-graph";

/** /attainment/{graphId}: a course graph's objectives from its classes' scores, or a training plan's indicators. */
export function AttainmentView({ graphId }: { graphId: number }) {
  const t = useTranslations("attainment");
  const { data: graph } = useGraphDetail(graphId);
  const major = graph?.templateKind === "majorAbilityTarget";
  return (
    <div className="flex flex-col gap-4" data-testid="attainment-page">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">
          {graph?.name} · {t(major ? "indicatorsTitle" : "courseTitle")}
        </h1>
        <span className="flex-1" />
        <Link className="text-sm text-primary hover:underline" href={`/knowledgeGraph/knowledgeTree/${graphId}`}>
          {t("openGraph")}
        </Link>
      </div>
      {graph && (major ? <IndicatorAttainment graphId={graphId} /> : <CourseAttainment graphId={graphId} canEdit={graph.isEdit === 1} />)}
    </div>
  );
}
