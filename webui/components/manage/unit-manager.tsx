"use client";
import { useTranslations } from "next-intl";
import { CrudManager, StateBadge } from "@/components/manage/crud-manager";
import { useRole } from "@/hooks/use-role";
import { unitApi, type UnitRow } from "@/lib/api/manage";
import { cleanValues, type FieldSpec } from "@/lib/manage/form";

/** /unitManager/index: universities; only the super admin writes (the API's rule). */
export function UnitManager() {
  const t = useTranslations("manage.units");
  const tu = useTranslations("manage.users");
  const isSuper = useRole() === "super";
  const fields: FieldSpec[] = [
    { name: "name", label: t("name"), required: true, maxLength: 200 },
    { name: "code", label: t("code"), maxLength: 64 },
    { name: "contact", label: t("contact"), maxLength: 200 },
    { name: "enabled", label: t("enabled"), type: "checkbox" },
  ];
  return (
    <CrudManager<UnitRow>
      resource="units"
      title={t("title")}
      searchLabel={t("search")}
      load={unitApi.list}
      columns={[
        { key: "name", title: t("name") },
        { key: "code", title: t("code") },
        { key: "contact", title: t("contact") },
        { key: "userCount", title: t("userCount") },
        { key: "projectCount", title: t("projectCount") },
        { key: "enabled", title: tu("state"), render: (row) => <StateBadge on={row.enabled} yes={tu("enabled")} no={tu("disabled")} /> },
      ]}
      fields={isSuper ? fields : undefined}
      form="unit"
      emptyValues={{ name: "", code: "", contact: "", enabled: true }}
      toValues={(row) => ({ name: row.name, code: row.code ?? "", contact: row.contact ?? "", enabled: row.enabled })}
      create={isSuper ? (values) => unitApi.add(cleanValues(fields, values, false)) : undefined}
      update={isSuper ? (row, values) => unitApi.update(row.id, cleanValues(fields, values, true)) : undefined}
      remove={isSuper ? (row) => unitApi.remove(row.id) : undefined}
      describe={(row) => row.name}
    />
  );
}
