"use client";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "@/components/ui/dialog";
import { Select } from "@/components/ui/select";
import { projectApi, userApi, type ProjectRow } from "@/lib/api/manage";
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
  return (
    <Dialog open={project !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="top-[10vh]" data-testid="members-dialog">
        <DialogTitle className="mb-3 text-base font-semibold">{t("title", { name: project?.name ?? "" })}</DialogTitle>
        <DialogDescription className="sr-only">{t("title", { name: project?.name ?? "" })}</DialogDescription>
        <div className="mb-3 flex flex-wrap items-center gap-2">
          <Select aria-label={t("user")} value={userId} onChange={(e) => setUserId(e.target.value)} className="min-w-48">
            <option value="">{t("chooseUser")}</option>
            {(users?.items ?? []).map((user) => (
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
              void mutate();
            }}
          >
            {t("add")}
          </Button>
        </div>
        <ul className="max-h-[50vh] divide-y divide-border overflow-y-auto text-sm">
          {(data?.items ?? []).map((member) => (
            <li key={member.userId} className="flex items-center gap-2 py-1.5" data-testid="member-row">
              <span className="flex-1">
                {member.name} <span className="text-muted">({member.userName})</span>
              </span>
              <Select
                aria-label={t("role")}
                value={member.role}
                onChange={async (e) => {
                  await projectApi.setMember(project!.id, member.userId, e.target.value);
                  toast("success", { text: tm("saved") });
                  void mutate();
                }}
              >
                <option value="10">{roleLabel("10")}</option>
                <option value="20">{roleLabel("20")}</option>
              </Select>
              <Button
                size="icon"
                variant="ghost"
                className="text-danger"
                aria-label={t("remove")}
                onClick={async () => {
                  await projectApi.removeMember(project!.id, member.userId);
                  void mutate();
                }}
              >
                <Trash2 size={14} />
              </Button>
            </li>
          ))}
          {data && data.items.length === 0 && <li className="py-4 text-center text-muted">{tm("empty")}</li>}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
