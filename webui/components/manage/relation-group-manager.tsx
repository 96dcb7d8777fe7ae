"use client";
import { useTranslations } from "next-intl";
import { CrudManager, StateBadge } from "@/components/manage/crud-manager";
import { useRole } from "@/hooks/use-role";
import { relationGroupApi, type RelationGroupRow } from "@/lib/api/manage";
import { cleanValues, type FieldSpec } from "@/lib/manage/form";

/** /relationGroup/index: groups of relation types. */
export function RelationGroupManager() {
  const t = useTranslations("manage.relationGroups");
  const tm = useTranslations("manage");
  const writes = useRole() !== "expert";
  // The rules come from the server (form "relationGroup", read by the dialog).
  const fields: FieldSpec[] = [
    { name: "code", label: t("code"), required: true, lockedOnEdit: true },
    { name: "name", label: t("name"), required: true },
    { name: "nameEn", label: t("nameEn") },
    { name: "sort", label: t("sort"), type: "number" },
  ];
  return (
    <CrudManager<RelationGroupRow>
      resource="relation-groups"
      title={t("title")}
      searchLabel={t("search")}
      load={relationGroupApi.list}
      columns={[
        { key: "code", title: t("code") },
        { key: "name", title: t("name") },
        { key: "nameEn", title: t("nameEn") },
        { key: "sort", title: t("sort") },
        { key: "relationCount", title: t("relationCount") },
        { key: "builtin", title: tm("builtin"), render: (row) => <StateBadge on={row.builtin} yes={tm("yes")} no={tm("no")} /> },
      ]}
      fields={writes ? fields : undefined}
      form="relationGroup"
      emptyValues={{ code: "", name: "", nameEn: "", sort: "0" }}
      toValues={(row) => ({ code: row.code, name: row.name, nameEn: row.nameEn ?? "", sort: String(row.sort) })}
      create={(values) => relationGroupApi.add({ ...cleanValues(fields, values, false), sort: Number(values.sort || 0) })}
      update={(row, values) => relationGroupApi.update(row.id, { ...cleanValues(fields, values, true), sort: Number(values.sort || 0) })}
      remove={writes ? (row) => relationGroupApi.remove(row.id) : undefined}
      canRemove={(row) => !row.builtin}
      describe={(row) => row.name}
    />
  );
}
