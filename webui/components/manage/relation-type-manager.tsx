"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { CrudManager, StateBadge } from "@/components/manage/crud-manager";
import { ScopeEditor } from "@/components/manage/scope-editor";
import { useRole } from "@/hooks/use-role";
import { relationGroupApi, relationTypeApi, templateApi, type RelationTypeRow, type ScopePair } from "@/lib/api/manage";
import { cleanValues, type FieldSpec } from "@/lib/manage/form";

const ALL = { page: 1, pageSize: 1000, keyword: "", filters: {} };

/**
 * Relation types. "catalogue" is /relation/index (admins write); "template" is /graph_relations
 * (super only): the same types as templates use them, filterable by template, with effect scope.
 */
export function RelationTypeManager({ mode }: { mode: "catalogue" | "template" }) {
  const t = useTranslations("manage.relations");
  const tm = useTranslations("manage");
  const role = useRole();
  const writes = mode === "template" ? role === "super" : role === "super" || role === "admin";
  const [scope, setScope] = useState<ScopePair[]>([]);
  const { data: groups } = useSWR(["manage-groups-all"], () => relationGroupApi.list(ALL));
  const { data: entities } = useSWR(["manage-entities-all"], () => templateApi.entities(ALL));
  const { data: templates } = useSWR(mode === "template" ? ["manage-templates-all"] : null, () => templateApi.list(ALL));
  const groupOptions = (groups?.items ?? []).map((g) => ({ value: String(g.id), label: g.name }));
  const entityOptions = (entities?.items ?? []).map((e) => ({ value: e.code, label: `${e.name} (${e.code})` }));
  const templateOptions = (templates?.items ?? []).map((tp) => ({ value: String(tp.id), label: tp.name }));
  const fields: FieldSpec[] = [
    // Code, names and colour follow the server's rules (form "relationType", read by the dialog).
    { name: "code", label: t("code"), required: true, lockedOnEdit: true },
    { name: "name", label: t("name"), required: true },
    { name: "nameEn", label: t("nameEn") },
    { name: "groupId", label: t("group"), type: "select", options: groupOptions },
    { name: "color", label: t("color"), type: "color", required: true },
    { name: "directed", label: t("directed"), type: "checkbox" },
    ...(mode === "template" ? [{ name: "templateId", label: t("template"), type: "select" as const, options: templateOptions, createOnly: true }] : []),
  ];
  const body = (values: Record<string, unknown>) => ({
    ...values,
    groupId: values.groupId ? Number(values.groupId) : null,
    ...(values.templateId ? { templateId: Number(values.templateId) } : { templateId: undefined }),
    effectScope: scope,
  });
  const groupName = (id: number | null) => groups?.items.find((g) => g.id === id)?.name ?? "";
  // Effect scopes read as entity names (课程→目标点), never codes; an unknown code shows as itself.
  const entityName = (code: string) => entities?.items.find((e) => e.code === code)?.name ?? code;
  const scopeText = (row: RelationTypeRow) =>
    row.effectScope.length ? row.effectScope.map((p) => `${entityName(p.startEntityCode)}→${entityName(p.endEntityCode)}`).join("，") : t("anyScope");
  return (
    <CrudManager<RelationTypeRow>
      resource={mode === "template" ? "template-relations" : "relations"}
      title={mode === "template" ? t("templateTitle") : t("title")}
      searchLabel={t("search")}
      load={mode === "template" ? templateApi.relations : relationTypeApi.list}
      filters={mode === "template" ? [{ name: "templateId", label: t("template"), options: templateOptions }] : [{ name: "groupId", label: t("group"), options: groupOptions }]}
      columns={[
        { key: "code", title: t("code") },
        { key: "name", title: t("name") },
        { key: "groupId", title: t("group"), render: (row) => groupName(row.groupId) },
        {
          key: "color",
          title: t("color"),
          render: (row) => (
            <span className="inline-flex items-center gap-1.5">
              <span className="inline-block h-3 w-3 rounded-sm" style={{ background: row.color }} />
              {row.color}
            </span>
          ),
        },
        { key: "directed", title: t("directed"), render: (row) => <StateBadge on={row.directed} yes={tm("yes")} no={tm("no")} /> },
        { key: "effectScope", title: t("scope"), className: "max-w-[18rem]", render: scopeText, tooltip: scopeText },
      ]}
      fields={writes ? fields : undefined}
      form="relationType"
      onFormOpen={(row) => setScope(row?.effectScope ?? [])}
      formExtra={<ScopeEditor value={scope} onChange={setScope} entities={entityOptions} />}
      emptyValues={{ code: "", name: "", nameEn: "", groupId: "", color: "#8c8c8c", directed: true, templateId: "" }}
      toValues={(row) => ({ code: row.code, name: row.name, nameEn: row.nameEn ?? "", groupId: row.groupId ? String(row.groupId) : "", color: row.color, directed: row.directed })}
      create={(values) => (mode === "template" ? templateApi.addRelation(body(cleanValues(fields, values, false))) : relationTypeApi.add(body(cleanValues(fields, values, false))))}
      update={(row, values) => relationTypeApi.update(row.id, body(cleanValues(fields, values, true)))}
      remove={writes ? (row) => relationTypeApi.remove(row.id) : undefined}
      canRemove={(row) => !row.builtin}
      describe={(row) => row.name}
    />
  );
}
