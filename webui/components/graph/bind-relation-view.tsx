"use client";
import { Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useState } from "react";
import useSWR from "swr";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useGraphDetail, useNode, useNodeRelations, usePoints } from "@/hooks/use-graph";
import { useGraphList } from "@/hooks/use-graph-list";
import { api } from "@/lib/api/client";
import type { Page } from "@/lib/api/types";
import { toast } from "@/lib/feedback";
import { MAX_PAGE_SIZE } from "@/lib/paging";

interface Connection {
  id: number;
  sourceTemplateId: number;
  targetTemplateId: number;
  sourceEntityCode: string;
  targetEntityCode: string;
  relationCode: string;
}

const CANDIDATES_SHOWN = 20;

/** SPEC §2 /graph_bind_relation/{graphId}/{nodeId}: a node's bindings to nodes of other graphs (bind ability or knowledge points). */
export function BindRelationView({ graphId, nodeId }: { graphId: number; nodeId: number }) {
  const t = useTranslations("bind");
  const { data: graph } = useGraphDetail(graphId);
  const { data: node } = useNode(graphId, nodeId);
  const { data: relations, mutate } = useNodeRelations(graphId, nodeId);
  const { data: connections } = useSWR(graph ? ["connections", graph.templateId] : null, () =>
    api.get<Page<Connection>>("/api/template/connection/list", { query: { templateId: graph!.templateId } }),
  );
  const usable = (connections?.items ?? []).filter((c) => c.sourceTemplateId === graph?.templateId && c.sourceEntityCode === node?.type);
  const [connectionId, setConnectionId] = useState<number | null>(null);
  const connection = usable.find((c) => c.id === connectionId) ?? usable[0];
  const { data: graphs } = useGraphList({ page: 1, pageSize: 100, templateId: connection?.targetTemplateId ?? -1 });
  const [targetGraphId, setTargetGraphId] = useState<number | null>(null);
  const targetGraph = graphs?.items.find((g) => g.id === targetGraphId) ?? graphs?.items[0];
  const [keyword, setKeyword] = useState("");
  const { data: candidates } = usePoints(targetGraph?.id ?? 0, { keyword, type: connection?.targetEntityCode ?? "", page: 1, pageSize: CANDIDATES_SHOWN });
  const editable = graph?.isEdit === 1 && Boolean(node?.isControl);

  const bind = async (targetNodeId: number) => {
    if (!connection || !targetGraph) return;
    try {
      await api.post("/api/graph/createCrossRelation", {
        json: { graphId, nodeId, targetGraphId: targetGraph.id, targetNodeId, relationshipType: connection.relationCode },
      });
      toast("success", { key: "saved" });
      await mutate();
    } catch {
      // shown by the client
    }
  };
  const unbind = async (id: number) => {
    try {
      await api.delete("/api/graph/deleteCrossRelation", { query: { id } });
      toast("success", { key: "deleted" });
      await mutate();
    } catch {
      // shown by the client
    }
  };
  return (
    <div className="flex flex-col gap-4" data-testid="bind-relation">
      <div className="flex items-center gap-3">
        <h1 className="text-lg font-semibold">{t("title", { name: node?.name ?? "" })}</h1>
        <span className="text-sm text-muted">{graph?.name}</span>
        <span className="flex-1" />
        <Link className="text-sm text-primary hover:underline" href={`/knowledgeGraph/knowledgeTree/${graphId}/${nodeId}`}>
          {t("showInMap")}
        </Link>
      </div>
      <section className="rounded-lg bg-card p-4">
        <h2 className="mb-2 font-medium">{t("bound")}</h2>
        {relations && relations.crossRelations.length === 0 && <p className="py-4 text-sm text-muted">{t("none")}</p>}
        <ul className="text-sm">
          {relations?.crossRelations.map((cross) => (
            <li key={cross.id} className="flex items-center gap-2 border-t border-border py-1.5" data-testid="binding">
              <span className="rounded bg-primary/10 px-1.5 text-xs text-primary">{cross.relation_type}</span>
              <span>{cross.start_node__name}</span>
              <span className="text-muted">→</span>
              <Link className="hover:text-primary hover:underline" href={`/knowledgeGraph/knowledgeTree/${cross.target_graph_id}/${cross.target_node_id}`}>
                {cross.target_graph__name} / {cross.target_node__name}
              </Link>
              <span className="flex-1" />
              {editable && cross.start_graph_id === graphId && (
                <Button size="icon" variant="ghost" aria-label={t("unbind")} onClick={() => unbind(cross.id)}>
                  <Trash2 size={14} />
                </Button>
              )}
            </li>
          ))}
        </ul>
      </section>
      {editable && (
        <section className="rounded-lg bg-card p-4">
          <h2 className="mb-3 font-medium">{t("add")}</h2>
          {usable.length === 0 ? (
            <p className="text-sm text-muted">{t("noConnection")}</p>
          ) : (
            <div className="flex flex-col gap-3">
              <div className="grid gap-3 md:grid-cols-3">
                <Field label={t("connection")}>
                  <Select value={connection?.id ?? ""} onChange={(e) => setConnectionId(Number(e.target.value))}>
                    {usable.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.relationCode} → {c.targetEntityCode}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label={t("targetGraph")}>
                  <Select value={targetGraph?.id ?? ""} onChange={(e) => setTargetGraphId(Number(e.target.value))} data-testid="bind-graph">
                    {graphs?.items.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </Select>
                </Field>
                <Field label={t("search")}>
                  <Input value={keyword} onChange={(e) => setKeyword(e.target.value)} />
                </Field>
              </div>
              <ul className="max-h-72 overflow-auto text-sm">
                {targetGraph &&
                  candidates?.items.map((candidate) => (
                    <li key={candidate.id} className="flex items-center gap-2 border-t border-border py-1.5">
                      <span className="flex-1">{candidate.name}</span>
                      <Button size="sm" variant="outline" onClick={() => bind(candidate.id)} data-testid="bind-node">
                        {t("bind")}
                      </Button>
                    </li>
                  ))}
              </ul>
              {candidates && candidates.total > CANDIDATES_SHOWN && <p className="text-xs text-muted">{t("more", { total: Math.min(candidates.total, MAX_PAGE_SIZE) })}</p>}
            </div>
          )}
        </section>
      )}
    </div>
  );
}
