"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogTitle } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { useTasks } from "@/hooks/use-graph";
import { useSession } from "@/hooks/use-session";
import { api } from "@/lib/api/client";
import { taskApi } from "@/lib/api/graph";
import type { GraphTask, TaskState } from "@/lib/api/graph-types";
import type { Page } from "@/lib/api/types";
import { toast } from "@/lib/feedback";

const STATES: TaskState[] = ["assigned", "submitted", "examined", "returned"];

interface Member {
  userId: number;
  name: string;
  userName: string;
  role: string;
}

/** Who may take a task: the members of the graph's project (SPEC §7 getProjectMember). */
function useMembers(projectId: number | null | undefined, open: boolean) {
  return useSWR(open && projectId ? ["members", projectId] : null, () =>
    api.get<Page<Member>>("/api/project/getProjectMember", { query: { projectId: projectId!, page: 1, pageSize: 200 } }),
  );
}

function TaskRow({ task, nodeName, assigneeName, members, myId, canManage, onChanged }: { task: GraphTask; nodeName: string; assigneeName: string | undefined; members: Member[]; myId: number | undefined; canManage: boolean; onChanged: () => void }) {
  const t = useTranslations("tasks");
  const [opinion, setOpinion] = useState("");
  const [examining, setExamining] = useState(false);
  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      toast("success", { key: "saved" });
      setExamining(false);
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
        <span className="text-xs text-muted">{assigneeName ?? t("assignee", { id: task.assigneeId })}</span>
        <span className="flex-1" />
        {task.assigneeId === myId && (task.state === "assigned" || task.state === "returned") && (
          <Button size="sm" onClick={() => act(() => taskApi.submit(task.id))} data-testid="task-submit">
            {t("submit")}
          </Button>
        )}
        {canManage && members.length > 0 && task.state !== "examined" && (
          <Select
            aria-label={t("assign")}
            value=""
            className="h-7 text-xs"
            onChange={(e) => e.target.value && void act(() => taskApi.assign(task.id, Number(e.target.value)))}
          >
            <option value="">{t("assign")}</option>
            {members
              .filter((member) => member.userId !== task.assigneeId)
              .map((member) => (
                <option key={member.userId} value={member.userId}>
                  {member.name}
                </option>
              ))}
          </Select>
        )}
        {canManage && task.state === "submitted" && !examining && (
          <Button size="sm" onClick={() => setExamining(true)} data-testid="task-examine">
            {t("examine")}
          </Button>
        )}
      </div>
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
  projectId,
  nodeId,
  nodeNames,
  editable,
  open,
  onOpenChange,
}: {
  graphId: number;
  projectId: number | null | undefined;
  nodeId: number | null;
  nodeNames: (id: number) => string;
  editable: boolean;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const t = useTranslations("tasks");
  const session = useSession();
  const { data, mutate } = useTasks(open ? graphId : null);
  const { data: members } = useMembers(projectId, open);
  const names = new Map((members?.items ?? []).map((member) => [member.userId, member.name]));
  const [assignee, setAssignee] = useState("");
  const [title, setTitle] = useState("");
  const dispatch = async () => {
    if (!nodeId || !/^\d+$/.test(assignee.trim())) return toast("warning", { key: "assigneeRequired" });
    try {
      await taskApi.dispatch(graphId, nodeId, Number(assignee), title);
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
          <div className="mb-3 grid grid-cols-[1fr_1fr_8rem_auto] items-end gap-2">
            <Field label={t("branch")}>
              <Input value={nodeId ? nodeNames(nodeId) : ""} readOnly placeholder={t("chooseNode")} />
            </Field>
            <Field label={t("taskTitle")}>
              <Input value={title} onChange={(e) => setTitle(e.target.value)} />
            </Field>
            {projectId ? (
              <Field label={t("assigneeName")}>
                <Select value={assignee} onChange={(e) => setAssignee(e.target.value)} data-testid="task-assignee">
                  <option value="" />
                  {members?.items.map((member) => (
                    <option key={member.userId} value={member.userId}>
                      {member.name}
                    </option>
                  ))}
                </Select>
              </Field>
            ) : (
              // A graph outside any project has no member list: its tasks go to a user by id.
              <Field label={t("assigneeId")}>
                <Input value={assignee} inputMode="numeric" onChange={(e) => setAssignee(e.target.value)} data-testid="task-assignee" />
              </Field>
            )}
            <Button onClick={dispatch} disabled={!nodeId} data-testid="task-dispatch">
              {t("dispatch")}
            </Button>
          </div>
        )}
        <ul className="flex max-h-80 flex-col gap-2 overflow-auto">
          {data?.items.map((task) => (
            <TaskRow key={task.id} task={task} nodeName={nodeNames(task.nodeId)} assigneeName={names.get(task.assigneeId)} members={members?.items ?? []} myId={session?.profile.Id} canManage={editable} onChanged={() => void mutate()} />
          ))}
        </ul>
        {data && data.items.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("empty")}</p>}
      </DialogContent>
    </Dialog>
  );
}
