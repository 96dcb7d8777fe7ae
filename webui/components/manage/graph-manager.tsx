"use client";
import { Download, Eye } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import useSWR from "swr";
import { CrudManager, StateBadge } from "@/components/manage/crud-manager";
import { Button } from "@/components/ui/button";
import { saveDownload } from "@/lib/api/graph";
import { backOfficeApi, projectApi, templateApi } from "@/lib/api/manage";
import type { GraphListItem } from "@/lib/api/types";
import { formatTime } from "@/lib/manage/format";
import { TEMPLATE_KINDS } from "@/lib/manage/templates";

const ALL = { page: 1, pageSize: 1000, keyword: "", filters: {} };

/** /graphManager/index: every graph the role reaches, filtered, exported as a spreadsheet. */
export function GraphManager() {
  const t = useTranslations("manage.graphs");
  const tk = useTranslations("manage.templates");
  const tm = useTranslations("manage");
  const [exporting, setExporting] = useState(false);
  const { data: projects } = useSWR(["manage-projects-all"], () => projectApi.withSizes(ALL));
  const { data: templates } = useSWR(["manage-templates-all"], () => templateApi.list(ALL));
  return (
    <CrudManager<GraphListItem>
      resource="graphs"
      title={t("title")}
      searchLabel={t("search")}
      load={backOfficeApi.graphs}
      filters={[
        { name: "projectId", label: t("project"), options: (projects?.items ?? []).map((p) => ({ value: String(p.id), label: p.name })) },
        { name: "templateId", label: t("template"), options: (templates?.items ?? []).map((p) => ({ value: String(p.id), label: p.name })) },
        { name: "templateKind", label: t("kind"), options: TEMPLATE_KINDS.map((k) => ({ value: k, label: tk(`kinds.${k}`) })) },
        { name: "releaseState", label: t("releaseState"), options: [{ value: "1", label: t("released") }, { value: "0", label: t("unreleased") }] },
      ]}
      columns={[
        { key: "name", title: t("name") },
        { key: "templateName", title: t("template") },
        { key: "projectName", title: t("project") },
        { key: "releaseState", title: t("releaseState"), render: (row) => <StateBadge on={row.releaseState === 1} yes={t("released")} no={t("unreleased")} /> },
        { key: "isPublic", title: t("public"), render: (row) => <StateBadge on={row.isPublic} yes={tm("yes")} no={tm("no")} /> },
        { key: "nodeCount", title: t("nodes") },
        { key: "updateTime", title: t("updateTime"), render: (row) => formatTime(row.updateTime) },
      ]}
      toolbar={(_, query) => (
        <Button
          type="button"
          variant="outline"
          disabled={exporting}
          data-testid="graphs-export"
          onClick={async () => {
            setExporting(true);
            try {
              const filters: Record<string, unknown> = { name: query.keyword.trim() };
              for (const [key, value] of Object.entries(query.filters)) if (value !== "") filters[key] = key === "templateKind" ? value : Number(value);
              saveDownload(await backOfficeApi.exportGraphs(filters));
            } finally {
              setExporting(false);
            }
          }}
        >
          <Download size={14} />
          {exporting ? t("exporting") : t("export")}
        </Button>
      )}
      rowActions={(row) => (
        <Button size="sm" variant="ghost" asChild>
          <Link href={`/knowledgeGraph/knowledgeTree/${row.id}`}>
            <Eye size={13} />
            {t("open")}
          </Link>
        </Button>
      )}
    />
  );
}
