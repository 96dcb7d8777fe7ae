"use client";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useGraphDetail, usePoints, useTemplateStructure } from "@/hooks/use-graph";
import { entityLooks, lookOf } from "@/lib/graph/entities";
import { DEFAULT_PAGE_SIZE, PAGE_SIZES, pageCount } from "@/lib/paging";
import { GraphHeader } from "./graph-header";

/** SPEC §2 pointList/{graphId}: the graph's nodes by name and type, paged. */
export function PointListView({ graphId }: { graphId: number }) {
  const t = useTranslations("points");
  const tl = useTranslations("graphList");
  const { data: graph } = useGraphDetail(graphId);
  const { data: template } = useTemplateStructure(graph?.templateId);
  const looks = useMemo(() => entityLooks(template), [template]);
  const [keywordInput, setKeywordInput] = useState("");
  const [query, setQuery] = useState<{ keyword: string; type: string; page: number; pageSize: number }>({ keyword: "", type: "", page: 1, pageSize: DEFAULT_PAGE_SIZE });
  const { data } = usePoints(graphId, query);
  const pages = pageCount(data?.total ?? 0, query.pageSize);
  return (
    <div className="-m-4 flex h-[calc(100%+2rem)] flex-col">
      <GraphHeader graphId={graphId} graph={graph} view="points" />
      <section className="m-4 rounded-lg bg-card p-4" data-testid="point-list">
        <form
          className="mb-3 flex flex-wrap gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery({ ...query, keyword: keywordInput.trim(), page: 1 });
          }}
        >
          <Input className="w-56" value={keywordInput} onChange={(e) => setKeywordInput(e.target.value)} placeholder={t("keyword")} aria-label={t("keyword")} />
          <Select aria-label={t("type")} value={query.type} onChange={(e) => setQuery({ ...query, type: e.target.value, page: 1 })}>
            <option value="">
              {t("type")}: {tl("all")}
            </option>
            {[...looks.values()].map((look) => (
              <option key={look.code} value={look.code}>
                {look.name}
              </option>
            ))}
          </Select>
          <Button type="submit">{tl("search")}</Button>
        </form>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] text-sm">
            <thead>
              <tr className="border-b border-border text-left text-muted">
                <th className="px-3 py-2 font-medium">{t("name")}</th>
                <th className="px-3 py-2 font-medium">{t("type")}</th>
                <th className="px-3 py-2 font-medium">{t("level")}</th>
                <th className="px-3 py-2 font-medium">{t("defined")}</th>
                <th className="px-3 py-2 font-medium">{t("tags")}</th>
                <th className="px-3 py-2" />
              </tr>
            </thead>
            <tbody>
              {data?.items.map((point) => (
                <tr key={point.id} className="border-b border-border" data-testid="point-row">
                  <td className="px-3 py-2">{point.name}</td>
                  <td className="px-3 py-2">
                    <span className="mr-1 inline-block h-2 w-2 rounded-sm" style={{ background: lookOf(looks, point.type).colour }} />
                    {lookOf(looks, point.type).name}
                  </td>
                  <td className="px-3 py-2 tabular-nums">{point.level}</td>
                  <td className="px-3 py-2">{point.isDefine ? t("yes") : t("no")}</td>
                  <td className="px-3 py-2">{point.nodeTags.map((tag) => tag.name).join("、")}</td>
                  <td className="px-3 py-2 text-right">
                    <Link className="mr-3 text-primary hover:underline" href={`/knowledgeGraph/knowledgeTree/${graphId}/${point.id}`}>
                      {t("inMap")}
                    </Link>
                    <Link className="text-primary hover:underline" href={`/graph_bind_relation/${graphId}/${point.id}`}>
                      {t("bound")}
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {data && data.items.length === 0 && <p className="py-10 text-center text-sm text-muted">{tl("empty")}</p>}
        </div>
        <div className="mt-4 flex items-center justify-end gap-2 text-sm">
          <span className="text-muted">{tl("total", { total: data?.total ?? 0 })}</span>
          <Select aria-label={tl("pageSize", { size: query.pageSize })} value={query.pageSize} onChange={(e) => setQuery({ ...query, pageSize: Number(e.target.value), page: 1 })}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {tl("pageSize", { size })}
              </option>
            ))}
          </Select>
          <Button variant="outline" size="sm" disabled={query.page <= 1} onClick={() => setQuery({ ...query, page: query.page - 1 })}>
            {tl("previous")}
          </Button>
          <span>{tl("page", { page: query.page, pages })}</span>
          <Button variant="outline" size="sm" disabled={query.page >= pages} onClick={() => setQuery({ ...query, page: query.page + 1 })}>
            {tl("next")}
          </Button>
        </div>
      </section>
    </div>
  );
}
