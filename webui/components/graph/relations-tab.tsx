"use client";
import { ReactFlow, ReactFlowProvider, type Edge, type Node } from "@xyflow/react";
import { ArrowLeft, ArrowRight, List, Network, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import Link from "next/link";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { usePreferences } from "@/hooks/use-preferences";
import { useNodeRelations } from "@/hooks/use-graph";
import { relationApi } from "@/lib/api/graph";
import type { GraphNode, RelationType, TreeNode } from "@/lib/api/graph-types";
import { toast } from "@/lib/feedback";
import { relationColours, ringAround } from "@/lib/graph/relation-graph";
import type { IndexEntry } from "@/lib/graph/tree-ops";

const SEARCH_LIMIT = 30;

interface Props {
  graphId: number;
  node: GraphNode;
  relationTypes: RelationType[];
  index: Map<number, IndexEntry<TreeNode>>;
  editable: boolean;
  onFocusNode: (id: number) => void;
  onChanged: () => void;
}

/** Relation types the template allows from this node (the tree edge Contain is not one). */
function typesFrom(relationTypes: RelationType[], startType: string): RelationType[] {
  return relationTypes.filter(
    (type) => type.code !== "Contain" && (type.effectScope.length === 0 || type.effectScope.some((scope) => scope.startEntityCode === startType)),
  );
}

function AddRelation({ graphId, node, relationTypes, index, onDone }: Omit<Props, "editable" | "onFocusNode" | "onChanged"> & { onDone: () => void }) {
  const t = useTranslations("drawer");
  const types = typesFrom(relationTypes, node.type);
  const [type, setType] = useState(types[0]?.code ?? "");
  const [query, setQuery] = useState("");
  const [targetId, setTargetId] = useState<number | null>(null);
  const chosenType = types.find((candidate) => candidate.code === type);
  const candidates = useMemo(() => {
    const keyword = query.trim().toLowerCase();
    const allowedEnds = new Set((chosenType?.effectScope ?? []).filter((scope) => scope.startEntityCode === node.type).map((scope) => scope.endEntityCode));
    const found: TreeNode[] = [];
    for (const entry of index.values()) {
      if (entry.node.id === node.id || (allowedEnds.size && !allowedEnds.has(entry.node.type))) continue;
      if (keyword && !entry.node.name.toLowerCase().includes(keyword)) continue;
      found.push(entry.node);
      if (found.length >= SEARCH_LIMIT) break;
    }
    return found;
  }, [index, query, node, chosenType]);
  const submit = async () => {
    if (!targetId || !type) return;
    try {
      await relationApi.create(graphId, node.id, targetId, type);
      toast("success", { key: "relationAdded" });
      onDone();
    } catch {
      // shown by the client
    }
  };
  return (
    <div className="flex flex-col gap-2 rounded-md border border-border p-3" data-testid="add-relation">
      <Field label={t("relationType")}>
        <Select value={type} onChange={(e) => setType(e.target.value)} aria-label={t("relationType")}>
          {types.map((candidate) => (
            <option key={candidate.code} value={candidate.code}>
              {candidate.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("relationTarget")}>
        <Input value={query} placeholder={t("searchNode")} onChange={(e) => setQuery(e.target.value)} aria-label={t("searchNode")} />
      </Field>
      <ul className="max-h-40 overflow-auto rounded border border-border text-sm" role="listbox" aria-label={t("relationTarget")}>
        {candidates.map((candidate) => (
          <li
            key={candidate.id}
            role="option"
            aria-selected={candidate.id === targetId}
            className={`cursor-pointer px-2 py-1 hover:bg-primary/5 ${candidate.id === targetId ? "bg-primary/10 text-primary" : ""}`}
            onClick={() => setTargetId(candidate.id)}
          >
            {candidate.name}
          </li>
        ))}
      </ul>
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onDone}>
          {t("cancel")}
        </Button>
        <Button size="sm" disabled={!targetId || !type} onClick={submit} data-testid="save-relation">
          {t("save")}
        </Button>
      </div>
    </div>
  );
}

function RelationNetwork({ node, items, colours, onFocusNode }: { node: GraphNode; items: { id: number; name: string; type: string }[]; colours: Map<string, string>; onFocusNode: (id: number) => void }) {
  const preferences = usePreferences();
  const others = [...new Map(items.map((item) => [item.id, item])).values()];
  const ring = ringAround(node.id, others.map((other) => other.id));
  const names = new Map([[node.id, node.name], ...others.map((other) => [other.id, other.name] as [number, string])]);
  const nodes: Node[] = ring.map((place) => ({
    id: String(place.id),
    position: { x: place.x - 50, y: place.y - 16 },
    data: { label: names.get(place.id) },
    style: { width: 100, fontSize: 12, padding: 4, borderColor: place.id === node.id ? "var(--primary)" : undefined },
    connectable: false,
  }));
  const edges: Edge[] = items.map((item, index) => ({
    id: `r${index}`,
    source: String(node.id),
    target: String(item.id),
    label: item.type,
    style: { stroke: colours.get(item.type) },
  }));
  return (
    <div className="h-80 rounded-md border border-border" data-testid="relation-network">
      <ReactFlowProvider>
        <ReactFlow nodes={nodes} edges={edges} fitView nodesDraggable={false} nodesConnectable={false} colorMode={preferences.darkMode ? "dark" : "light"} proOptions={{ hideAttribution: true }} onNodeClick={(_, clicked) => onFocusNode(Number(clicked.id))} />
      </ReactFlowProvider>
    </div>
  );
}

/** SPEC §2 relation tab: grouped list ⇄ network; a click centres the related node in the mind map. */
export function RelationsTab({ graphId, node, relationTypes, index, editable, onFocusNode, onChanged }: Props) {
  const t = useTranslations("drawer");
  const { data, mutate } = useNodeRelations(graphId, node.id);
  const [asNetwork, setAsNetwork] = useState(false);
  const [adding, setAdding] = useState(false);
  const names = new Map(relationTypes.map((type) => [type.code, type.name]));
  const colours = relationColours((data?.groups ?? []).map((group) => group.relationshipType), relationTypes);
  const flat = (data?.groups ?? []).flatMap((group) =>
    group.items.map((item) => ({
      id: item.direction === "out" ? item.targetNodeId : item.startNodeId,
      name: (item.direction === "out" ? item.targetNodeName : item.startNodeName) ?? "",
      type: names.get(group.relationshipType) ?? item.relationshipName,
    })),
  );
  const remove = async (relationId: number) => {
    try {
      await relationApi.remove(graphId, relationId);
      await mutate();
      onChanged();
    } catch {
      // shown by the client
    }
  };
  return (
    <div className="flex flex-col gap-3" data-testid="relations-tab">
      <div className="flex items-center gap-2">
        <div className="flex rounded-md border border-border p-0.5">
          <Button size="sm" variant={asNetwork ? "ghost" : "primary"} onClick={() => setAsNetwork(false)} aria-pressed={!asNetwork}>
            <List size={14} />
            {t("asList")}
          </Button>
          <Button size="sm" variant={asNetwork ? "primary" : "ghost"} onClick={() => setAsNetwork(true)} aria-pressed={asNetwork} data-testid="relations-network">
            <Network size={14} />
            {t("asNetwork")}
          </Button>
        </div>
        <span className="flex-1" />
        {/* SPEC §2: the button reads 添加关系 when editable, else 关系列表. */}
        <Button size="sm" variant="outline" onClick={() => (editable ? setAdding(true) : setAsNetwork(false))} data-testid="add-relation-button">
          {editable ? t("addRelation") : t("relationList")}
        </Button>
      </div>
      {adding && (
        <AddRelation
          graphId={graphId}
          node={node}
          relationTypes={relationTypes}
          index={index}
          onDone={() => {
            setAdding(false);
            void mutate();
            onChanged();
          }}
        />
      )}
      {data && data.groups.length === 0 && data.crossRelations.length === 0 && <p className="py-6 text-center text-sm text-muted">{t("noRelations")}</p>}
      {asNetwork ? (
        <RelationNetwork node={node} items={flat} colours={colours} onFocusNode={onFocusNode} />
      ) : (
        data?.groups.map((group) => (
          <section key={group.relationshipType} data-testid="relation-group">
            <h4 className="mb-1 flex items-center gap-1.5 text-sm font-medium">
              <span className="h-2.5 w-2.5 rounded-full" style={{ background: colours.get(group.relationshipType) }} />
              {names.get(group.relationshipType) ?? group.relationshipType}
              <span className="text-muted">({group.items.length})</span>
            </h4>
            <ul className="flex flex-col">
              {group.items.map((item) => {
                const otherId = item.direction === "out" ? item.targetNodeId : item.startNodeId;
                const otherName = item.direction === "out" ? item.targetNodeName : item.startNodeName;
                return (
                  <li key={item.relationId} className="group flex items-center gap-1 rounded px-1 py-1 text-sm hover:bg-primary/5">
                    {/* The direction in words, as a sentence reads: 栈 先修 → 队列 (this node first when it is the start). */}
                    {item.direction === "out" ? <ArrowRight size={13} className="shrink-0 text-muted" aria-hidden /> : <ArrowLeft size={13} className="shrink-0 text-muted" aria-hidden />}
                    {item.direction === "out" && <span className="shrink-0 text-xs text-muted">{t("relationFromThis", { relation: names.get(group.relationshipType) ?? group.relationshipType })}</span>}
                    <button className="min-w-0 flex-1 truncate text-left hover:text-primary" onClick={() => onFocusNode(otherId)} title={t("centreInMap")}>
                      {otherName}
                    </button>
                    {item.direction !== "out" && <span className="shrink-0 text-xs text-muted">{t("relationToThis", { relation: names.get(group.relationshipType) ?? group.relationshipType })}</span>}
                    {editable && item.relationId !== null && (
                      <button className="hidden rounded p-0.5 text-muted hover:text-danger group-hover:block" aria-label={t("deleteRelation")} onClick={() => remove(item.relationId!)}>
                        <Trash2 size={13} />
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </section>
        ))
      )}
      <Link className="text-sm text-primary hover:underline" href={`/graph_bind_relation/${graphId}/${node.id}`} data-testid="manage-bindings">
        {t("manageBindings")}
      </Link>
      {!asNetwork && data && data.crossRelations.length > 0 && (
        <section>
          <h4 className="mb-1 text-sm font-medium">{t("bindings")}</h4>
          <ul className="text-sm">
            {data.crossRelations.map((cross) => (
              <li key={cross.id} className="py-0.5">
                {cross.start_node__name} → {cross.target_graph__name} / {cross.target_node__name}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
