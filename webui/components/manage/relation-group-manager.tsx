"use client";
import { useTranslations } from "next-intl";
import { CrudManager, StateBadge } from "@/components/manage/crud-manager";
import { useRole } from "@/hooks/use-role";
import { relationGroupApi, type RelationGroupRow } from "@/lib/api/manage";
import { cleanValues, isCode, type FieldSpec } from "@/lib/manage/form";

/** /relationGroup/index: groups of relation types. */
export function RelationGroupManager() {
  const t = useTranslations("manage.relationGroups");
  const tm = useTranslations("manage");
  const writes = useRole() !== "expert";
  const fields: FieldSpec[] = [
    { name: "code", label: t("code"), required: true, lockedOnEdit: true, validate: (v) => (typeof v === "string" && !isCode(v.trim()) ? "code" : null) },
    { name: "name", label: t("name"), required: true, maxLength: 64 },
    { name: "nameEn", label: t("nameEn"), maxLength: 64 },
    { name: "sort", label: t("sort"), type: "number", min: 0 },
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
