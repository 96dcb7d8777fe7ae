"use client";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { rowAllows, useRefreshCounts } from "@/components/manage/crud-manager";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Select } from "@/components/ui/select";
import { projectApi, userApi, type ProjectRow } from "@/lib/api/manage";
import { useRole } from "@/hooks/use-role";
import { toast } from "@/lib/feedback";

/** Members of a project and their project roles (SPEC §6: project admin '10', project user '20'). */
export function MembersDialog({ project, onClose }: { project: ProjectRow | null; onClose: () => void }) {
  const t = useTranslations("manage.members");
  const tm = useTranslations("manage");
  const [userId, setUserId] = useState("");
  const [role, setRole] = useState("20");
  const { data, mutate } = useSWR(project ? ["members", project.id] : null, () => projectApi.members(project!.id));
  const { data: users } = useSWR(project ? ["manage-users-all"] : null, () => userApi.list({ page: 1, pageSize: 1000, keyword: "", filters: {} }), { shouldRetryOnError: false });
  const roleLabel = (code: string) => (code === "10" ? t("projectAdmin") : t("projectUser"));
  const callerRole = useRole();
  // Changes only for those the server lets (ProjectRow.actions has manageMembers); the leader stays a
  // project admin and, but for super admins, members come from the project's unit (projects.set_member).
  const manages = project !== null && rowAllows(project, "manageMembers");
  const candidates = (users?.items ?? []).filter((user) => callerRole === "super" || !project?.unitId || user.unitId === project.unitId);
  const refreshCounts = useRefreshCounts();
  // Every list that shows a member count refreshes at once (the project table, statistics).
  const changed = () => {
    void mutate();
    refreshCounts();
  };
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="top-[10vh]" data-testid="members-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("title", { name: project?.name ?? "" })}</DialogTitle>
        <DialogDescription className="sr-only">{t("title", { name: project?.name ?? "" })}</DialogDescription>
        {manages && (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <Select aria-label={t("user")} value={userId} onChange={(e) => setUserId(e.target.value)} className="min-w-48">
            <option value="">{t("chooseUser")}</option>
            {candidates.map((user) => (
              <option key={user.id} value={user.id}>
                {user.name} ({user.userName})
              </option>
            ))}
          </Select>
          <Select aria-label={t("role")} value={role} onChange={(e) => setRole(e.target.value)}>
            <option value="10">{t("projectAdmin")}</option>
            <option value="20">{t("projectUser")}</option>
          </Select>
          <Button
            disabled={!userId}
            data-testid="member-add"
            onClick={async () => {
              await projectApi.setMember(project!.id, Number(userId), role);
              toast("success", { text: tm("saved") });
              setUserId("");
              changed();
            }}
          >
            {t("add")}
          </Button>
        </div>
        )}
        <ul className="max-h-[50vh] divide-y divide-border overflow-y-auto text-sm">
          {(data?.items ?? []).map((member) => (
            <li key={member.userId} className="flex items-center gap-2 py-1.5" data-testid="member-row">
              <span className="flex-1">
                {member.name} <span className="text-muted">({member.userName})</span>
              </span>
              <Select
                aria-label={t("role")}
                value={member.role}
                disabled={!manages || member.userId === project?.leaderId}
                onChange={async (e) => {
                  await projectApi.setMember(project!.id, member.userId, e.target.value);
                  toast("success", { text: tm("saved") });
                  changed();
                }}
              >
                <option value="10">{roleLabel("10")}</option>
                <option value="20">{roleLabel("20")}</option>
              </Select>
              {manages && member.userId !== project?.leaderId && (
                <Button
                  size="icon"
                  variant="ghost"
                  className="text-danger"
                  aria-label={t("remove")}
                  data-testid="member-remove"
                  onClick={async () => {
                    await projectApi.removeMember(project!.id, member.userId);
                    changed();
                  }}
                >
                  <Trash2 size={14} />
                </Button>
              )}
            </li>
          ))}
          {data && data.items.length === 0 && (
            <li className="py-4 text-center text-muted" data-testid="members-empty">
              {tm("empty")}
            </li>
          )}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
