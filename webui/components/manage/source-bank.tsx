"use client";
import { useTranslations } from "next-intl";
import { SourceRowActions } from "@/components/excavate/source-graph-binding";
import { CrudManager } from "@/components/manage/crud-manager";
import { sourceApi, type TextSourceRow } from "@/lib/api/excavate";
import { formatTime } from "@/lib/manage/format";

/** /textSourceBank/index (admin, super): every text material, with its text beside its pages. */
export function SourceBank() {
  const t = useTranslations("manage.sources");
  const tSources = useTranslations("excavate.sources");
  return (
    <CrudManager<TextSourceRow>
      resource="source-bank"
      title={t("title")}
      searchLabel={t("search")}
      load={sourceApi.bank}
      columns={[
        { key: "name", title: t("name") },
        { key: "suffix", title: t("suffix") },
        { key: "size", title: t("size"), render: (row) => `${Math.max(1, Math.round(row.size / 1024))} KB` },
        { key: "pageCount", title: t("pages") },
        { key: "charCount", title: t("chars") },
        { key: "state", title: t("state"), render: (row) => tSources(`states.${row.state}`) },
        { key: "graphId", title: t("graph") },
        { key: "createTime", title: t("createTime"), render: (row) => formatTime(row.createTime) },
      ]}
      remove={(row) => sourceApi.remove(row.id)}
      describe={(row) => row.name}
      rowActions={(row, reload) => <SourceRowActions row={row} onDone={reload} />}
    />
  );
}
