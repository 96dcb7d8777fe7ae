"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { useTasks } from "@/hooks/use-graph";
import { useSession } from "@/hooks/use-session";
import { taskApi } from "@/lib/api/graph";
import type { Assignee, GraphTask, TaskState } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";
import { AssigneePicker } from "./assignee-picker";

const STATES: TaskState[] = ["assigned", "submitted", "examined", "returned"];

function TaskRow({ task, graphId, nodeName, myId, canManage, onChanged }: { task: GraphTask; graphId: number; nodeName: string; myId: number | undefined; canManage: boolean; onChanged: () => void }) {
  const t = useTranslations("tasks");
  const [opinion, setOpinion] = useState("");
  const [examining, setExamining] = useState(false);
  const [reassigning, setReassigning] = useState(false);
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      toast("success", { key: "saved" });
      setExamining(false);
      setReassigning(false);
      onChanged();
    } catch {
      // shown by the client
    }
  };
  return (
    <li className="rounded-md border border-border p-2 text-sm" data-testid="task-row" data-state={task.state}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-medium">{task.title}</span>
        <span className="text-muted">{nodeName}</span>
        <span className="rounded bg-primary/10 px-1.5 text-xs text-primary" data-testid="task-state">
          {t(task.state)}
        </span>
        <span className="text-xs text-muted" data-testid="task-assignee-name">{task.assigneeName ?? t("assignee", { id: task.assigneeId })}</span>
        <span className="flex-1" />
        {task.assigneeId === myId && (task.state === "assigned" || task.state === "returned") && (
          <Button size="sm" onClick={() => act(() => taskApi.submit(task.id))} data-testid="task-submit">
            {t("submit")}
          </Button>
        )}
        {canManage && task.state !== "examined" && !reassigning && (
          <Button size="sm" variant="outline" onClick={() => setReassigning(true)} data-testid="task-reassign">
            {t("assign")}
          </Button>
        )}
        {canManage && task.state === "submitted" && !examining && (
          <Button size="sm" onClick={() => setExamining(true)} data-testid="task-examine">
            {t("examine")}
          </Button>
        )}
      </div>
      {reassigning && (
        <div className="mt-2 flex items-center gap-2">
          <div className="flex-1">
            <AssigneePicker graphId={graphId} value={null} excludeId={task.assigneeId} autoFocus testId="task-reassign-picker" onChange={(person) => void act(() => taskApi.assign(task.id, person.userId))} />
          </div>
          <Button size="sm" variant="ghost" onClick={() => setReassigning(false)}>
            {t("cancel")}
          </Button>
        </div>
      )}
      {task.opinion && <p className="mt-1 text-xs text-muted">{t("opinionShown", { opinion: task.opinion })}</p>}
      {examining && (
        <div className="mt-2 flex flex-col gap-2">
          <Textarea rows={3} value={opinion} onChange={(e) => setOpinion(e.target.value)} placeholder={t("opinion")} aria-label={t("opinion")} />
          <div className="flex justify-end gap-2">
            <Button size="sm" variant="ghost" onClick={() => setExamining(false)}>
              {t("cancel")}
            </Button>
            <Button
              size="sm"
              variant="outline"
              onClick={() => {
                if (!opinion.trim()) return toast("warning", { key: "opinionRequired" });
                void act(() => taskApi.examine(task.id, false, opinion));
              }}
            >
              {t("return")}
            </Button>
            <Button size="sm" onClick={() => act(() => taskApi.examine(task.id, true, opinion))} data-testid="task-approve">
              {t("approve")}
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}

/** Task actions of the graph menu: dispatch a branch, submit, examine, assign, overview. */
export function TasksDialog({
  graphId,
  nodeId,
  nodeNames,
  editable,
  open,
  onOpenChange,
}: {
  graphId: number;
  nodeId: number | null;
  nodeNames: (id: number) => string;
  editable: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("tasks");
  const session = useSession();
  const { data, mutate } = useTasks(open ? graphId : null);
  const [assignee, setAssignee] = useState<Assignee | null>(null);
  const [title, setTitle] = useState("");
  const dispatch = async () => {
    if (!nodeId || !assignee) return toast("warning", { key: "assigneeRequired" });
    try {
      await taskApi.dispatch(graphId, nodeId, assignee.userId, title);
      toast("success", { key: "saved" });
      setTitle("");
      await mutate();
    } catch {
      // shown by the client
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[min(720px,94vw)]" data-testid="tasks-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("title")}</DialogTitle>
        <div className="mb-3 flex flex-wrap gap-2 text-sm" data-testid="task-counts">
          {STATES.map((state) => (
            <span key={state} className="rounded border border-border px-2 py-0.5">
              {t(state)} {data?.counts[state] ?? 0}
            </span>
          ))}
        </div>
        {editable && (
          <div className="mb-3 grid grid-cols-[1fr_1fr_13rem_auto] items-end gap-2">
            <Field label={t("branch")}>
              <Input value={nodeId ? nodeNames(nodeId) : ""} readOnly placeholder={t("chooseNode")} />
            </Field>
            <Field label={t("taskTitle")}>
              <Input value={title} onChange={(e) => setTitle(e.target.value)} />
            </Field>
            <Field label={t("assigneeName")}>
              <AssigneePicker graphId={graphId} value={assignee} onChange={setAssignee} />
            </Field>
            <Button onClick={dispatch} disabled={!nodeId} data-testid="task-dispatch">
              {t("dispatch")}
            </Button>
          </div>
        )}
        <ul className="flex max-h-80 flex-col gap-2 overflow-auto">
          {data?.items.map((task) => (
            <TaskRow key={task.id} task={task} graphId={graphId} nodeName={nodeNames(task.nodeId)} myId={session?.profile.Id} canManage={editable} onChanged={() => void mutate()} />
          ))}
        </ul>
        {data && data.items.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("empty")}</p>}
      </DialogContent>
    </Dialog>
  );
}
