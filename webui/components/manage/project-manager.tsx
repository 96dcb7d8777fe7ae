"use client";
import { BarChart3, Users } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { CrudManager, rowAllows, StateBadge } from "@/components/manage/crud-manager";
import { MembersDialog } from "@/components/manage/members-dialog";
import { Button } from "@/components/ui/button";
import { useRole } from "@/hooks/use-role";
import { projectApi, templateApi, unitApi, userApi, type ProjectRow } from "@/lib/api/manage";
import { cleanValues, type FieldSpec, type FormValues } from "@/lib/manage/form";
import { formatTime, fromDateInput, toDateInput } from "@/lib/manage/format";

const ALL = { page: 1, pageSize: 1000, keyword: "", filters: {} };

/** /projectManage/index: projects with leader, trial end time, template control and members. */
export function ProjectManager() {
  const t = useTranslations("manage.projects");
  const tm = useTranslations("manage");
  const role = useRole();
  const manager = role === "super" || role === "admin";
  const [members, setMembers] = useState<ProjectRow | null>(null);
  const [controlled, setControlled] = useState<number[]>([]);
  // The trial terms are changed only by those the server lets (ProjectRow.actions has editTrial).
  const [trialEditable, setTrialEditable] = useState(true);
  const { data: units } = useSWR(manager ? ["manage-units-all"] : null, () => unitApi.list(ALL));
  const { data: users } = useSWR(manager ? ["manage-users-all"] : null, () => userApi.list(ALL));
  const { data: templates } = useSWR(["manage-templates-all"], () => templateApi.list(ALL));
  const fields: FieldSpec[] = [
    { name: "name", label: t("name"), required: true, maxLength: 100 },
    { name: "unitId", label: t("unit"), type: "select", options: (units?.items ?? []).map((u) => ({ value: String(u.id), label: u.name })), lockedOnEdit: true },
    { name: "leaderId", label: t("leader"), type: "select", options: (users?.items ?? []).map((u) => ({ value: String(u.id), label: `${u.name} (${u.userName})` })) },
    { name: "majorName", label: t("major"), maxLength: 100 },
    { name: "tryout", label: t("tryout"), type: "checkbox", lockedOnEdit: !trialEditable },
    { name: "endTime", label: t("endTime"), type: "date", lockedOnEdit: !trialEditable, validate: (v, values) => (values.tryout === true && !v ? "required" : null) },
    { name: "description", label: t("description"), type: "textarea", maxLength: 1000 },
  ];
  const body = (values: FormValues, editing: boolean) => {
    const clean = cleanValues(fields, values, editing);
    const trial = !editing || trialEditable ? { tryout: values.tryout === true, endTime: fromDateInput(String(values.endTime ?? "")) } : {};
    return {
      ...clean,
      unitId: clean.unitId ? Number(clean.unitId) : undefined,
      leaderId: clean.leaderId ? Number(clean.leaderId) : null,
      ...trial,
      description: clean.description ?? "",
    };
  };
  const templateOptions = templates?.items ?? [];
  return (
    <>
      <CrudManager<ProjectRow>
        resource="projects"
        title={t("title")}
        searchLabel={t("search")}
        load={projectApi.withSizes}
        columns={[
          { key: "name", title: t("name") },
          { key: "unitName", title: t("unit") },
          { key: "leaderName", title: t("leader") },
          { key: "tryout", title: t("tryout"), render: (row) => <StateBadge on={row.tryout} yes={row.expired ? t("expired") : tm("yes")} no={tm("no")} /> },
          { key: "endTime", title: t("endTime"), render: (row) => formatTime(row.endTime) },
          { key: "memberCount", title: t("members") },
          { key: "graphCount", title: t("graphs") },
          { key: "nodeCount", title: t("nodes") },
        ]}
        fields={fields}
        form="project"
        wideForm
        onFormOpen={(row) => {
          setControlled(row?.controlledTemplateIds ?? []);
          setTrialEditable(row === null || rowAllows(row, "editTrial"));
        }}
        formExtra={
          <fieldset className="flex flex-wrap gap-3 rounded-md border border-border p-2 text-sm" data-testid="template-control">
            <legend className="px-1 text-muted">{t("templateControl")}</legend>
            {templateOptions.map((template) => (
              <label key={template.id} className="flex items-center gap-1">
                <input
                  type="checkbox"
                  checked={controlled.includes(template.id)}
                  onChange={(e) => setControlled(e.target.checked ? [...controlled, template.id] : controlled.filter((id) => id !== template.id))}
                />
                {template.name}
              </label>
            ))}
          </fieldset>
        }
        emptyValues={{ name: "", unitId: "", leaderId: "", majorName: "", tryout: false, endTime: "", description: "" }}
        toValues={(row) => ({
          name: row.name,
          unitId: row.unitId ? String(row.unitId) : "",
          leaderId: row.leaderId ? String(row.leaderId) : "",
          majorName: row.majorName ?? "",
          tryout: row.tryout,
          endTime: toDateInput(row.endTime),
          description: row.description ?? "",
        })}
        create={manager ? async (values) => {
          const project = await projectApi.add(body(values, false));
          if (controlled.length) await projectApi.templateControl(project.id, controlled);
        } : undefined}
        update={async (row, values) => {
          await projectApi.update(row.id, body(values, true));
          await projectApi.templateControl(row.id, controlled);
        }}
        remove={manager ? (row) => projectApi.remove(row.id) : undefined}
        describe={(row) => row.name}
        rowActions={(row) => (
          <>
            {rowAllows(row, "members") && (
              <Button size="sm" variant="ghost" onClick={() => setMembers(row)} data-testid="row-members">
                <Users size={13} />
                {t("members")}
              </Button>
            )}
            {rowAllows(row, "statistics") && (
              <Button size="sm" variant="ghost" asChild>
                <Link href={`/projectStatistics?projectId=${row.id}`} data-testid="row-statistics">
                  <BarChart3 size={13} />
                  {t("statistics")}
                </Link>
              </Button>
            )}
          </>
        )}
      />
      <MembersDialog project={members} onClose={() => setMembers(null)} />
    </>
  );
}
