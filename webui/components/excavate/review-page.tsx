"use client";
import { Check, ExternalLink, FilePlus2, Pencil, RotateCcw, X } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useState } from "react";
import useSWR from "swr";
import { Pager } from "@/components/manage/pager";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { useGraphOptions } from "@/hooks/use-graph-options";
import { useRole } from "@/hooks/use-role";
import { ApiError } from "@/lib/api/client";
import { miningApi, searchNodes, type AcceptAnswer, type MiningKind, type MiningResult } from "@/lib/api/excavate";
import { RELATION_TYPES, resultLabel, SCREENS } from "@/lib/excavate/kinds";
import { mayWriteMining } from "@/lib/excavate/rights";
import { toast } from "@/lib/feedback";
import { cn } from "@/lib/utils";
import { CatalogueGraphDialog } from "./catalogue-graph-dialog";
import { NodePicker, type PickedNode } from "./node-picker";

interface Props {
  kind: MiningKind;
  taskIds?: number[];
  graphIds?: number[];
}

const STATES = ["pending", "edited", "accepted", "rejected"] as const;
/** The nodes an accept made named one by one in its notice; beyond these a count. */
const LANDED_LINKS = 5;

/** Review of mining results: the source passage highlighted, accept / edit / reject, accept above a score. */
export function ReviewPage({ kind, taskIds, graphIds }: Props) {
  const t = useTranslations("excavate.review");
  const te = useTranslations("excavate");
  const screen = Object.values(SCREENS).find((s) => s.kind === kind)!;
  const [state, setState] = useState<string>("");
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState({ page: 1, pageSize: 20 });
  const [selected, setSelected] = useState<number[]>([]);
  const [minScore, setMinScore] = useState("0.5");
  const [landed, setLanded] = useState<Pick<AcceptAnswer, "graphId" | "nodes"> | null>(null);
  const [asGraphOpen, setAsGraphOpen] = useState(false);
  const router = useRouter();
  const { data, mutate, error } = useSWR(["results", kind, taskIds, graphIds, state, keyword, page], () =>
    miningApi.results({ kind, taskIds, graphIds, state: state || undefined, keyword, ...page }),
  );
  const task = useSWR(taskIds?.length === 1 ? ["task", taskIds[0]] : null, () => miningApi.detail(taskIds![0]));
  const graphId = task.data?.graphId ?? graphIds?.[0] ?? null;
  // A relations task mined above a confidence (the default, or a minScore over 0) that found nothing: the less sure kinds of
  // evidence were left out, and the reviewer is told how to ask for them.
  const sureOnly = task.data?.state === "done" && task.data.lessSureLeftOut === true;
  // Results of tasks or graphs the user may not see: the exception page, never an empty review.
  const forbidden = [error, task.error].some((cause) => cause instanceof ApiError && cause.status === 403);
  useEffect(() => {
    if (forbidden) router.replace("/exception");
  }, [forbidden, router]);
  // Accepting writes into the graph: offered only to those who may edit it (a tester reviews, never accepts).
  const graphs = useGraphOptions();
  const role = useRole();
  const canAccept = mayWriteMining(role) && graphId !== null && graphs.data?.items.find((graph) => graph.id === graphId)?.isEdit === 1;
  // Rejecting and editing results are writes too: only for those the server lets write here.
  const writes = mayWriteMining(role, graphId === null ? null : canAccept);
  const rows = data?.items ?? [];
  const open = rows.filter((r) => r.state === "pending" || r.state === "edited");
  // Points are accepted under a node the reviewer sees and may change: it starts at the node
  // attribution suggests (the API answers none when the reviewer must choose), never the root unasked.
  const asksParent = kind === "points";
  const [parent, setParent] = useState<{ text: string; node: PickedNode | null }>({ text: "", node: null });
  const firstOpen = open[0]?.id;
  const suggestion = useSWR(asksParent && canAccept && firstOpen ? ["parent-suggestion", firstOpen] : null, () => miningApi.parentSuggestion([firstOpen!]));
  useEffect(() => {
    const node = suggestion.data;
    if (node?.nodeId && !parent.text) setParent({ text: node.nodeName ?? "", node: { id: node.nodeId, name: node.nodeName ?? "" } });
  }, [suggestion.data, parent.text]);
  /** The chosen parent's id (null: not a points review); undefined, after a warning, when none is chosen. */
  function parentFor(): number | null | undefined {
    if (!asksParent) return null;
    if (parent.node && parent.text === parent.node.name) return parent.node.id;
    toast("warning", { text: t("chooseParent") });
    return undefined;
  }

  /** Runs a review action; false when the API refused it (the client has shown why). */
  async function run(action: () => Promise<unknown>, message: string): Promise<boolean> {
    try {
      await action();
      toast("success", { text: message });
      setSelected([]);
      void mutate();
      void task.mutate();
      return true;
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
      return false;
    }
  }

  /** nodeId: the node a definition goes to (the one named like its term without it). */
  async function accept(ids: number[], nodeId?: number) {
    if (!graphId) return toast("warning", { text: te("chooseGraph") });
    const parentNodeId = parentFor();
    if (parentNodeId === undefined) return;
    await run(async () => {
      const answer = await miningApi.accept(ids, graphId, parentNodeId, nodeId);
      setLanded(answer);
    }, t("accepted", { count: ids.length }));
  }

  return (
    <div className="flex flex-col gap-3" data-testid={`review-${kind}`}>
      <section className="flex flex-wrap items-center gap-2 rounded-lg bg-card p-3 text-sm">
        <h1 className="mr-2 text-base font-semibold">{t("title", { name: te(`titles.${screen.route}`) })}</h1>
        {taskIds && <span className="text-muted">{t("tasks", { ids: taskIds.join(", ") })}</span>}
        <Select aria-label={t("state")} value={state} onChange={(e) => (setState(e.target.value), setPage({ ...page, page: 1 }))}>
          <option value="">{t("allStates")}</option>
          {STATES.map((s) => (
            <option key={s} value={s}>
              {te(`resultStates.${s}`)}
            </option>
          ))}
        </Select>
        <Input className="w-48" aria-label={t("keyword")} placeholder={t("keyword")} value={keyword} onChange={(e) => setKeyword(e.target.value)} />
        <div className="ml-auto flex flex-wrap items-center gap-2">
          {canAccept && asksParent && graphId !== null && (
            <span className="flex items-center gap-1" data-testid="accept-parent">
              <span className="text-muted">{t("acceptUnder")}</span>
              <NodePicker
                className="w-48"
                graphId={graphId}
                text={parent.text}
                node={parent.node}
                onChange={(text, node) => setParent({ text, node })}
                placeholder={t("chooseParent")}
                testId="accept-parent-picker"
              />
            </span>
          )}
          {writes && (
            <Button variant="outline" disabled={!selected.length} onClick={() => void run(() => miningApi.reject(selected), t("rejected", { count: selected.length }))} data-testid="reject-selected">
              <X size={14} />
              {t("rejectSelected")}
            </Button>
          )}
          {canAccept && (
            <Button disabled={!selected.length} onClick={() => void accept(selected)} data-testid="accept-selected">
              <Check size={14} />
              {t("acceptSelected")}
            </Button>
          )}
          {writes && kind === "catalogue" && taskIds?.length === 1 && (
            <Button variant="outline" onClick={() => setAsGraphOpen(true)} data-testid="catalogue-as-graph">
              <FilePlus2 size={14} />
              {t("asGraph")}
            </Button>
          )}
          {canAccept && taskIds?.length === 1 && (
            <span className="flex items-center gap-1">
              <Input className="w-16" type="number" min={0} max={1} step={0.05} aria-label={t("minScore")} value={minScore} onChange={(e) => setMinScore(e.target.value)} />
              <Button
                variant="outline"
                onClick={() => {
                  if (!graphId) return toast("warning", { text: te("chooseGraph") });
                  const parentNodeId = parentFor();
                  if (parentNodeId === undefined) return;
                  void run(async () => {
                    const answer = await miningApi.acceptAbove(taskIds[0], Number(minScore), graphId, parentNodeId);
                    setLanded(answer);
                  }, t("acceptedAbove", { score: minScore }));
                }}
                data-testid="accept-above"
              >
                {t("acceptAbove")}
              </Button>
            </span>
          )}
        </div>
      </section>
      {kind === "catalogue" && taskIds?.length === 1 && (
        <CatalogueGraphDialog taskId={taskIds[0]} open={asGraphOpen} onOpenChange={setAsGraphOpen} onCreated={() => (void mutate(), void task.mutate())} />
      )}
      {landed && (
        <p className="flex flex-wrap items-center gap-2 rounded-lg bg-success/10 p-3 text-sm text-success" data-testid="landed">
          {t("landed")}
          {/* Each node by its name (names, not ids, are what a reviewer recognises); none: the graph. */}
          {landed.nodes.slice(0, LANDED_LINKS).map((node) => (
            <Link key={node.id} className="inline-flex items-center gap-1 underline" href={`/knowledgeGraph/knowledgeTree/${landed.graphId}/${node.id}`} data-testid="landed-node">
              <ExternalLink size={13} />
              {node.name}
            </Link>
          ))}
          {landed.nodes.length > LANDED_LINKS && <span>{t("landedMore", { count: landed.nodes.length - LANDED_LINKS })}</span>}
          {landed.nodes.length === 0 && (
            <Link className="inline-flex items-center gap-1 underline" href={`/knowledgeGraph/knowledgeTree/${landed.graphId}`}>
              <ExternalLink size={13} />
              {t("openGraph")}
            </Link>
          )}
        </p>
      )}
      <section className="rounded-lg bg-card">
        <div className="flex items-center gap-2 border-b border-border px-3 py-2 text-sm">
          <input
            type="checkbox"
            aria-label={t("selectAll")}
            checked={open.length > 0 && open.every((r) => selected.includes(r.id))}
            onChange={(e) => setSelected(e.target.checked ? open.map((r) => r.id) : [])}
          />
          <span className="text-muted">{t("count", { total: data?.total ?? 0, selected: selected.length })}</span>
        </div>
        <ul className="divide-y divide-border">
          {rows.map((row) => (
            <ResultRow
              key={row.id}
              row={row}
              graphId={graphId}
              editable={screen.editable}
              checked={selected.includes(row.id)}
              onCheck={(on) => setSelected(on ? [...selected, row.id] : selected.filter((id) => id !== row.id))}
              onAccept={canAccept ? (nodeId) => void accept([row.id], nodeId) : undefined}
              onReject={writes ? () => void run(() => miningApi.reject([row.id]), t("rejected", { count: 1 })) : undefined}
              onReopen={writes ? () => void run(() => miningApi.reopen([row.id]), t("reopened")) : undefined}
              onEdit={(changes) => run(() => miningApi.edit(row.id, changes), t("edited"))}
            />
          ))}
          {data && rows.length === 0 && (
            <li className="px-3 py-8 text-center text-sm text-muted">
              {t("empty")}
              {sureOnly && data.total === 0 && !state && !keyword && (
                <p className="mt-2" data-testid="no-sure-relations">
                  {t("noSureRelations")}{" "}
                  <Link className="text-primary hover:underline" href={`/excavate/relation/${graphId ?? ""}`}>{t("toRelationMining")}</Link>
                </p>
              )}
            </li>
          )}
        </ul>
        <div className="p-3">
          <Pager page={page.page} pageSize={page.pageSize} total={data?.total ?? 0} onChange={(p, s) => setPage({ page: p, pageSize: s })} />
        </div>
      </section>
    </div>
  );
}

/** One result of the review; exported for its tests. */
export function ResultRow({
  row,
  graphId,
  editable,
  checked,
  onCheck,
  onAccept,
  onReject,
  onReopen,
  onEdit,
}: {
  row: MiningResult;
  /** The graph the results go to: the node pickers search it. */
  graphId: number | null;
  editable: string[];
  checked: boolean;
  onCheck: (on: boolean) => void;
  /** Absent for those who may not write into the graph; nodeId: the node a definition goes to. */
  onAccept?: (nodeId?: number) => void;
  /** Absent for a reader: no edit and no reject offered. */
  onReject?: () => void;
  /** A rejected result back to review; absent for a reader. */
  onReopen?: () => void;
  onEdit: (changes: Record<string, unknown>) => Promise<boolean>;
}) {
  const t = useTranslations("excavate.review");
  const te = useTranslations("excavate");
  const [editing, setEditing] = useState<Record<string, string> | null>(null);
  // belong: the node chosen in the picker while editing (a typed name is resolved by the API).
  const [pickedNode, setPickedNode] = useState<PickedNode | null>(null);
  // definitions: the node the definition goes to, chosen or typed; empty: the node named like the term.
  const [target, setTarget] = useState<{ text: string; node: PickedNode | null }>({ text: "", node: null });
  const open = row.state === "pending" || row.state === "edited";

  /** A definition goes to the chosen node; a typed name must be a node's exact name. */
  async function acceptRow() {
    if (!onAccept) return;
    if (row.kind !== "definitions" || target.node || !target.text.trim() || graphId === null) return onAccept(target.node?.id);
    const name = target.text.trim();
    try {
      const found = (await searchNodes(graphId, name, 50)).items.find((node) => node.name === name);
      if (!found) return toast("warning", { text: t("nodeUnknown", { name }) });
      onAccept(found.id);
    } catch (cause) {
      if (!(cause instanceof ApiError)) throw cause;
    }
  }
  const payload = row.payload as Record<string, unknown>;
  const { before, match, after } = row.passage ?? { before: "", match: String(payload.sentence ?? row.location?.text ?? ""), after: "" };
  return (
    <li className={cn("flex gap-3 px-3 py-2 text-sm", !open && "opacity-60")} data-testid="result-row" data-state={row.state} data-result-id={row.id}>
      <input type="checkbox" className="mt-1" aria-label={t("select")} disabled={!open} checked={checked} onChange={(e) => onCheck(e.target.checked)} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          {editing ? (
            <>
              {editable.map((field) =>
                field === "nodeName" && graphId !== null ? (
                  <NodePicker
                    key={field}
                    className="w-56"
                    graphId={graphId}
                    text={editing[field] ?? ""}
                    node={pickedNode}
                    onChange={(text, node) => (setEditing({ ...editing, [field]: text }), setPickedNode(node))}
                    testId={`edit-${field}`}
                  />
                ) : field === "type" ? (
                  <Select
                    key={field}
                    aria-label={t(`fields.${field}`)}
                    value={editing[field] ?? ""}
                    onChange={(e) => setEditing({ ...editing, [field]: e.target.value })}
                    data-testid={`edit-${field}`}
                  >
                    {RELATION_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {t(`relationTypes.${type}`)}
                      </option>
                    ))}
                  </Select>
                ) : (
                  <Input
                    key={field}
                    className={field === "sentence" ? "w-full min-w-72 flex-1" : "w-40"}
                    aria-label={t(`fields.${field}`)}
                    value={editing[field] ?? ""}
                    onChange={(e) => setEditing({ ...editing, [field]: e.target.value })}
                    data-testid={`edit-${field}`}
                  />
                ),
              )}
              <Button
                size="sm"
                onClick={async () => {
                  // A node chosen from the list goes by its id: names need not be unique.
                  const changes = pickedNode && editing.nodeName === pickedNode.name ? { ...editing, nodeKey: pickedNode.id } : editing;
                  if (await onEdit(changes)) (setEditing(null), setPickedNode(null));
                }}
                data-testid="edit-save"
              >
                {t("save")}
              </Button>
              <Button size="sm" variant="ghost" onClick={() => (setEditing(null), setPickedNode(null))}>
                {t("cancel")}
              </Button>
            </>
          ) : (
            <span className="whitespace-pre font-medium" data-testid="result-label">
              {resultLabel(row)}
            </span>
          )}
          {row.kind === "relations" && !editing && (
            <span className="rounded bg-primary/10 px-1.5 text-xs text-primary" data-testid="result-type">
              {t(`relationTypes.${String(payload.type)}`)}
            </span>
          )}
          {row.kind === "belong" && !editing && <span className="text-xs text-muted">→ {String(payload.nodeName ?? "")}</span>}
          <span className="text-xs text-muted">{t("score", { score: row.score.toFixed(2) })}</span>
          <span className="text-xs">{te(`resultStates.${row.state}`)}</span>
          {row.createdNodeId && row.createdNodeName != null && row.kind !== "relations" && graphId !== null && (
            <Link className="text-xs text-success underline" href={`/knowledgeGraph/knowledgeTree/${graphId}/${row.createdNodeId}`} data-testid="result-node">
              → {row.createdNodeName}
            </Link>
          )}
          {/* Every accept names a node; an accepted result without one lost it to a delete since. */}
          {row.state === "accepted" && (!row.createdNodeId || row.createdNodeName == null) && row.kind !== "relations" && (
            <span className="text-xs text-muted" data-testid="result-node-gone">{t("nodeGone")}</span>
          )}
        </div>
        {row.kind === "definitions" && !editing && (
          <p className="mt-1 text-sm" data-testid="result-sentence">
            <span className="mr-1 text-muted">{t("definitionLabel")}</span>
            {String(payload.sentence ?? "")}
          </p>
        )}
        {row.kind === "points" && !editing && payload.definition != null && (
          // What the point is, as the text defines it: the reason it ranks above terms the text only uses.
          <p className="mt-1 text-sm" data-testid="result-definition">
            <span className="mr-1 text-muted">{t("definedInText")}</span>
            {String(payload.definition)}
          </p>
        )}
        {(match || before) && (
          // Line breaks shown: a heading stays on its own line, not run into the paragraph below it.
          <p className="mt-1 whitespace-pre-line text-xs leading-5 text-muted" data-testid="result-passage">
            {before}
            <mark className="rounded bg-amber-200 px-0.5 text-foreground dark:bg-amber-500/40">{match}</mark>
            {after}
            {row.sourceId && (
              <Link className="ml-2 text-primary hover:underline" href={`/image_text_compare/${row.sourceId}`} target="_blank">
                {t("source")}
              </Link>
            )}
          </p>
        )}
      </div>
      {row.state === "rejected" && onReopen && (
        <Button size="sm" variant="ghost" className="shrink-0" onClick={onReopen} data-testid="result-reopen">
          <RotateCcw size={13} />
          {t("reopen")}
        </Button>
      )}
      {open && !editing && (
        <div className="flex shrink-0 items-start gap-1">
          {onReject && (
            <>
              <Button size="sm" variant="ghost" onClick={() => setEditing(Object.fromEntries(editable.map((f) => [f, String(payload[f] ?? "")])))} data-testid="result-edit" aria-label={t("edit")}>
                <Pencil size={13} />
              </Button>
              <Button size="sm" variant="ghost" className="text-danger" onClick={onReject} data-testid="result-reject" aria-label={t("reject")}>
                <X size={13} />
              </Button>
            </>
          )}
          {onAccept && row.kind === "definitions" && graphId !== null && (
            <NodePicker
              className="w-44"
              graphId={graphId}
              text={target.text}
              node={target.node}
              onChange={(text, node) => setTarget({ text, node })}
              placeholder={t("sameNameNode")}
              testId="definition-node"
            />
          )}
          {onAccept && (
            <Button size="sm" onClick={() => void acceptRow()} data-testid="result-accept">
              <Check size={13} />
              {t("accept")}
            </Button>
          )}
        </div>
      )}
    </li>
  );
}
