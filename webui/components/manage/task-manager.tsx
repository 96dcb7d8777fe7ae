"use client";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { CrudManager } from "@/components/manage/crud-manager";
import { backOfficeApi, type GraphTaskRow } from "@/lib/api/manage";
import { formatTime } from "@/lib/manage/format";

const STATES = ["assigned", "submitted", "examined", "returned"];

/** /taskManager: graph tasks (dispatch, submit, examine) across the platform. */
export function TaskManager() {
  const t = useTranslations("manage.tasks");
  const state = (value: string) => (STATES.includes(value) ? t(`states.${value}`) : value);
  return (
    <CrudManager<GraphTaskRow>
      resource="graph-tasks"
      title={t("title")}
      searchLabel={t("search")}
      load={backOfficeApi.tasks}
      filters={[{ name: "state", label: t("state"), options: STATES.map((s) => ({ value: s, label: state(s) })) }]}
      columns={[
        { key: "title", title: t("taskTitle") },
        { key: "graphName", title: t("graph"), render: (row) => <Link className="text-primary hover:underline" href={`/knowledgeGraph/knowledgeTree/${row.graphId}`}>{row.graphName}</Link> },
        { key: "nodeName", title: t("node") },
        { key: "assigneeName", title: t("assignee") },
        { key: "dispatcherName", title: t("dispatcher") },
        { key: "state", title: t("state"), render: (row) => state(row.state) },
        { key: "dueTime", title: t("due"), render: (row) => formatTime(row.dueTime) },
        { key: "createTime", title: t("createTime"), render: (row) => formatTime(row.createTime) },
      ]}
    />
  );
}
