"use client";
import { ListChecks, Play, RotateCw, Square } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { GraphSelect } from "@/components/excavate/graph-select";
import { Pager } from "@/components/manage/pager";
import { Button } from "@/components/ui/button";
import { useGraphOptions } from "@/hooks/use-graph-options";
import { useRole } from "@/hooks/use-role";
import { useTaskProgress } from "@/hooks/use-task-progress";
import { ApiError } from "@/lib/api/client";
import { miningApi, sourceApi, type MiningTask } from "@/lib/api/excavate";
import { isFinished, SCREENS, type KindScreen } from "@/lib/excavate/kinds";
import { mayWriteMining } from "@/lib/excavate/rights";
import { toast } from "@/lib/feedback";
import { formatTime } from "@/lib/manage/format";

/** One knowledge-process screen: pick a graph and materials, start a task, watch it, open its results. */
export function MiningPage({ screen, graphId }: { screen: keyof typeof SCREENS; graphId: number | null }) {
  const config = SCREENS[screen];
  const t = useTranslations("excavate");
  const [chosen, setChosen] = useState<number[]>([]);
  // Relations only: also the kinds of evidence below the miner's default confidence (task parameter minScore 0).
  const [lessSure, setLessSure] = useState(false);
  const [page, setPage] = useState({ page: 1, pageSize: 10 });
  const sources = useSWR(["mining-sources", graphId], () => sourceApi.list({ page: 1, pageSize: 200, keyword: "", filters: graphId ? { graphId: String(graphId) } : {} }));
  const tasks = useSWR(["mining-tasks", config.kind, graphId, page], () =>
    miningApi.list({ ...page, keyword: "", filters: { kind: config.kind, ...(graphId ? { graphId: String(graphId) } : {}) } }),
  );
  const needsGraph = config.kind === "belong" || config.kind === "definitions";
  const writes = useMiningWrites(graphId);

  async function start() {
    if (!chosen.length) return toast("warning", { text: t("chooseSources") });
    if (needsGraph && !graphId) return toast("warning", { text: t("chooseGraph") });
    try {
      await miningApi.create(config.kind, chosen, graphId, config.kind === "relations" && lessSure ? { minScore: 0 } : undefined);
      toast("success", { text: t("started") });
      setChosen([]);
      void tasks.mutate();
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
    }
  }

  return (
    <div className="flex flex-col gap-3" data-testid={`mining-${config.route}`}>
      <section className="flex flex-col gap-3 rounded-lg bg-card p-4">
        <div className="flex flex-wrap items-center gap-2">
          <h1 className="mr-2 text-base font-semibold">{t(`titles.${config.route}`)}</h1>
          <span className="text-sm text-muted">{t("graph")}</span>
          <GraphSelect graphId={graphId} basePath={`/excavate/${config.route}`} />
          <Button variant="outline" asChild>
            <Link href={`/excavate/textSource${graphId ? `/${graphId}` : ""}`}>{t("manageSources")}</Link>
          </Button>
        </div>
        <p className="text-sm text-muted">{t(`hints.${config.route}`)}</p>
        <fieldset className="flex max-h-48 flex-col gap-1 overflow-y-auto rounded border border-border p-2 text-sm" data-testid="source-choice">
          <legend className="px-1 text-muted">{t("sourcesLabel")}</legend>
          {(sources.data?.items ?? []).map((source) => (
            <label key={source.id} className="flex items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(source.id)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, source.id] : chosen.filter((id) => id !== source.id))}
              />
              {source.name}
              <span className="text-xs text-muted">{t("chars", { count: source.charCount })}</span>
            </label>
          ))}
          {sources.data?.items.length === 0 && <p className="text-muted">{t("noSources")}</p>}
        </fieldset>
        {writes && config.kind === "relations" && (
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={lessSure} onChange={(e) => setLessSure(e.target.checked)} data-testid="relations-less-sure" />
            {t("lessSure")}
          </label>
        )}
        {writes && (
          <div>
            <Button onClick={() => void start()} data-testid="mining-start">
              <Play size={14} />
              {t("start")}
            </Button>
          </div>
        )}
      </section>
      <section className="flex flex-col gap-2 rounded-lg bg-card p-4">
        <h2 className="font-semibold">{t("tasks")}</h2>
        <ul className="divide-y divide-border">
          {(tasks.data?.items ?? []).map((task) => (
            <TaskRow key={task.id} task={task} config={config} writes={writes} onChange={() => void tasks.mutate()} />
          ))}
          {tasks.data?.items.length === 0 && <li className="py-6 text-center text-sm text-muted">{t("noTasks")}</li>}
        </ul>
        <Pager page={page.page} pageSize={page.pageSize} total={tasks.data?.total ?? 0} onChange={(p, s) => setPage({ page: p, pageSize: s })} />
      </section>
    </div>
  );
}

/** Whether the caller may write on a mining screen of this graph (none chosen: the role decides). */
export function useMiningWrites(graphId: number | null): boolean {
  const role = useRole();
  const graphs = useGraphOptions();
  const editable = graphId === null || !graphs.data ? null : graphs.data.items.find((graph) => graph.id === graphId)?.isEdit === 1;
  return mayWriteMining(role, editable);
}

function TaskRow({ task, config, writes, onChange }: { task: MiningTask; config: KindScreen; writes: boolean; onChange: () => void }) {
  const t = useTranslations("excavate");
  const frame = useTaskProgress(task.id, task.state, onChange);
  const state = frame?.state ?? task.state;
  const progress = frame?.progress ?? task.progress;
  const counts = Object.entries(task.resultCounts ?? {});
  return (
    <li className="flex flex-wrap items-center gap-3 py-2 text-sm" data-testid="task-row" data-state={state}>
      <span className="font-medium">#{task.id}</span>
      <span className="w-20" data-testid="task-state">
        {t(`states.${state}`)}
      </span>
      <div className="h-2 w-40 overflow-hidden rounded bg-black/10 dark:bg-white/10" role="progressbar" aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
        <div className="h-full bg-primary transition-all" style={{ width: `${progress}%` }} />
      </div>
      <span className="w-10 text-right text-xs">{progress}%</span>
      <span className="text-xs text-muted">{formatTime(task.createTime)}</span>
      {counts.length > 0 && <span className="text-xs text-muted">{counts.map(([k, v]) => `${t(`resultStates.${k}`)} ${v}`).join(" · ")}</span>}
      {(task.error || frame?.error) && <span className="text-xs text-danger">{frame?.error ?? task.error}</span>}
      {state === "queued" && (frame?.waitingForWorker ?? task.waitingForWorker) && (
        <span className="text-xs text-warning" data-testid="task-waiting-worker">
          {t("waitingForWorker")} <code className="rounded bg-black/5 px-1 dark:bg-white/10">{frame?.workerCommand ?? task.workerCommand ?? "zhitu worker"}</code>
        </span>
      )}
      <div className="ml-auto flex gap-1">
        {writes && !isFinished(state) && (
          <Button size="sm" variant="ghost" onClick={async () => (await miningApi.cancel(task.id), onChange())}>
            <Square size={13} />
            {t("cancel")}
          </Button>
        )}
        {writes && (state === "failed" || state === "cancelled") && (
          <Button size="sm" variant="ghost" onClick={async () => (await miningApi.retry(task.id), onChange())}>
            <RotateCw size={13} />
            {t("retry")}
          </Button>
        )}
        {state === "done" && (
          <Button size="sm" asChild>
            <Link href={config.review({ taskId: task.id, graphId: task.graphId })} data-testid="task-review">
              <ListChecks size={13} />
              {t("reviewResults")}
            </Link>
          </Button>
        )}
      </div>
    </li>
  );
}
