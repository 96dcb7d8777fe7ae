"use client";
import { useTranslations } from "next-intl";
import { CrudManager } from "@/components/manage/crud-manager";
import { useRole } from "@/hooks/use-role";
import { docApi, type DocRow } from "@/lib/api/manage";
import { type FieldSpec, type FormValues } from "@/lib/manage/form";
import { formatTime } from "@/lib/manage/format";

/** /Manager/index: the help videos and documents the portal shows (/help_v, /help_doc). */
export function DocManager() {
  const t = useTranslations("manage.docs");
  const role = useRole();
  const writes = role === "super" || role === "admin";
  const kinds = [
    { value: "video", label: t("video") },
    { value: "doc", label: t("doc") },
  ];
  const fields: FieldSpec[] = [
    { name: "kind", label: t("kind"), type: "select", required: true, options: kinds },
    { name: "title", label: t("titleField"), required: true },
    {
      name: "url",
      label: t("url"),
      // A video needs its address (the server's rule too); the address's form comes from the server's rules.
      validate: (v, values) => (values.kind === "video" && !(typeof v === "string" && v.trim()) ? "required" : null),
    },
    { name: "sort", label: t("sort"), type: "number" },
    { name: "body", label: t("body"), type: "textarea", rows: 6 },
  ];
  const body = (values: FormValues) => ({
    kind: values.kind,
    title: String(values.title ?? "").trim(),
    url: String(values.url ?? "").trim(),
    body: String(values.body ?? "").trim(),
    sort: Number(values.sort || 0),
  });
  return (
    <CrudManager<DocRow>
      resource="docs"
      title={t("title")}
      searchLabel={t("search")}
      load={docApi.list}
      filters={[{ name: "kind", label: t("kind"), options: kinds }]}
      columns={[
        { key: "kind", title: t("kind"), render: (row) => (row.kind === "video" ? t("video") : t("doc")) },
        { key: "title", title: t("titleField") },
        { key: "url", title: t("url"), className: "max-w-64 truncate" },
        { key: "sort", title: t("sort") },
        { key: "updateTime", title: t("updateTime"), render: (row) => formatTime(row.updateTime) },
      ]}
      fields={writes ? fields : undefined}
      form="doc"
      wideForm
      emptyValues={{ kind: "doc", title: "", url: "", sort: "0", body: "" }}
      toValues={(row) => ({ kind: row.kind, title: row.title, url: row.url, sort: String(row.sort), body: row.body })}
      create={writes ? (values) => docApi.add(body(values)) : undefined}
      update={writes ? (row, values) => docApi.update(row.id, body(values)) : undefined}
      remove={writes ? (row) => docApi.remove(row.id) : undefined}
      describe={(row) => row.title}
    />
  );
}
