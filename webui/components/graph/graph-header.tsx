"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { AttainmentLink } from "@/components/attainment/attainment-link";
import type { GraphDetail } from "@/lib/api/graph-types";
import { cn } from "@/lib/utils";

export type GraphView = "mindmap" | "relation" | "points";

/** SPEC §4 view modes, as links between the graph's routes (SPEC §2). */
export function viewPath(view: GraphView, graphId: number): string {
  if (view === "relation") return `/knowledgeGraph/RelationGraph/${graphId}`;
  if (view === "points") return `/knowledgeGraph/pointList/${graphId}`;
  return `/knowledgeGraph/knowledgeTree/${graphId}`;
}

/** `graphId` is the route's: the view links work before the graph's details have loaded. */
export function GraphHeader({ graphId, graph, view, children }: { graphId: number; graph: GraphDetail | undefined; view: GraphView; children?: React.ReactNode }) {
  const t = useTranslations("graph");
  return (
    <div className="flex flex-wrap items-center gap-2 border-b border-border bg-card px-3 py-2">
      <h1 className="mr-1 truncate text-base font-semibold" data-testid="graph-title">
        {graph?.name}
      </h1>
      {graph && (
        <>
          <span className="rounded bg-black/5 px-1.5 py-0.5 text-xs text-foreground/75 dark:bg-white/10">{graph.templateName}</span>
          <span className={cn("rounded px-1.5 py-0.5 text-xs", graph.releaseState === 1 ? "bg-success/15 text-success" : "bg-black/5 text-foreground/75 dark:bg-white/10")} data-testid="release-state">
            {graph.releaseState === 1 ? t("released") : t("unreleased")}
          </span>
          {graph.isEdit !== 1 && <span className="rounded bg-[#faad14]/15 px-1.5 py-0.5 text-xs text-[#d48806]">{t("readOnly")}</span>}
        </>
      )}
      <nav className="ml-2 flex rounded-md border border-border p-0.5 text-sm" aria-label={t("viewModes")}>
        {(["mindmap", "relation", "points"] as const).map((mode) => (
          <Link
            key={mode}
            href={viewPath(mode, graphId)}
            className={cn("rounded px-2.5 py-1", mode === view ? "bg-primary text-white" : "hover:text-primary")}
            aria-current={mode === view ? "page" : undefined}
            data-testid={`view-${mode}`}
          >
            {t(`view.${mode}`)}
          </Link>
        ))}
      </nav>
      <AttainmentLink graphId={graphId} templateKind={graph?.templateKind} />
      <span className="flex-1" />
      {children}
    </div>
  );
}
