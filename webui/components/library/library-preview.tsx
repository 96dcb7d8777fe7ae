"use client";
import { LogIn, Send } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import useSWR from "swr";
import { MindMap } from "@/components/graph/mind-map";
import { ApplyDialog } from "@/components/library/apply-dialog";
import { PreviewDrawer } from "@/components/library/preview-drawer";
import { RecordsDialog } from "@/components/library/records-dialog";
import { Button } from "@/components/ui/button";
import { APPLY_LIST, libraryApi, previewApi } from "@/lib/api/library";
import { copyWithFeedback } from "@/lib/clipboard";
import { entityLooks } from "@/lib/graph/entities";
import { buildTree } from "@/lib/library/tree";

interface Props {
  graphId: number;
  nodeId?: number | null;
  /** Signed in (common_graph): the apply button. Public (graph_preview_index): a sign-in link. */
  signedIn: boolean;
  /** The link "copy link" gives. */
  shareUrl: (nodeId: number | null) => string;
}

const noop = () => undefined;

/** SPEC §2 "Common graph preview screen": title, mind map with refresh lock and copy link, 申请图谱, read-only drawer. */
export function LibraryPreview({ graphId, nodeId = null, signedIn, shareUrl }: Props) {
  const t = useTranslations("library.preview");
  const detail = useSWR(["preview-detail", graphId], () => previewApi.detail(graphId), { revalidateOnFocus: false });
  const graph = useSWR(["preview-graph", graphId], () => previewApi.graph(graphId), { revalidateOnFocus: false });
  const template = useSWR(detail.data ? ["preview-template", detail.data.templateId] : null, () => previewApi.template(detail.data!.templateId), { revalidateOnFocus: false });
  const root = useMemo(() => (graph.data ? buildTree(graph.data.nodes) : null), [graph.data]);
  const looks = useMemo(() => entityLooks(template.data), [template.data]);
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [selectedId, setSelectedId] = useState<number | null>(nodeId);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const [branchId, setBranchId] = useState<number | null>(null);
  const [focus, setFocus] = useState<{ id: number; seq: number; force: boolean } | null>(nodeId ? { id: nodeId, seq: 1, force: true } : null);
  const [applying, setApplying] = useState(false);
  const [records, setRecords] = useState(false);
  const drawerNode = drawerId !== null ? graph.data?.nodes.find((n) => n.id === drawerId) : undefined;

  async function apply() {
    // SPEC §2/§7: an existing application (page 1, size 1) opens the list; otherwise the form.
    const existing = await libraryApi.applyList({ page: 1, size: 1, type: APPLY_LIST.mine, graphId }, true).catch(() => null);
    if (existing && existing.total > 0) setRecords(true);
    else setApplying(true);
  }

  if (detail.error || graph.error) {
    return (
      <div className="flex h-full items-center justify-center p-10 text-muted" data-testid="preview-missing">
        {t("missing")}
      </div>
    );
  }
  return (
    <div className="flex h-full min-h-[480px] flex-col gap-2" data-testid="library-preview">
      <header className="flex flex-wrap items-center gap-2">
        <h1 className="text-lg font-semibold" data-testid="preview-title">
          {detail.data?.name ?? "…"}
        </h1>
        {detail.data && <span className="rounded bg-primary/10 px-1.5 py-0.5 text-xs text-primary">{detail.data.templateName}</span>}
        {detail.data && <span className="text-xs text-muted">{t("nodes", { count: detail.data.nodeCount })}</span>}
        <div className="ml-auto flex gap-2">
          {signedIn ? (
            <Button onClick={() => void apply()} data-testid="preview-apply">
              <Send size={14} />
              {t("apply")}
            </Button>
          ) : (
            <Button asChild variant="outline">
              <Link href={`/login?redirect=${encodeURIComponent(`/common_graph/${graphId}`)}`}>
                <LogIn size={14} />
                {t("signInToApply")}
              </Link>
            </Button>
          )}
        </div>
      </header>
      <div className="relative min-h-0 flex-1 overflow-hidden rounded-lg border border-border bg-card">
        {root && (
          <MindMap
            root={root}
            looks={looks}
            collapsed={collapsed}
            selectedId={selectedId}
            editable={false}
            undefinedMarks={false}
            branchId={branchId}
            renamingId={null}
            focus={focus}
            coveredRight={drawerId !== null ? Math.max(320, (typeof window === "undefined" ? 0 : window.innerWidth) * 0.3) : 0}
            onSelect={(id) => {
              setSelectedId(id);
              if (id === null) setDrawerId(null);
              else if (drawerId !== null) setDrawerId(id);
            }}
            onToggle={(id) =>
              setCollapsed((current) => {
                const next = new Set(current);
                if (next.has(id)) next.delete(id);
                else next.add(id);
                return next;
              })
            }
            onOpenDetail={(id) => {
              setSelectedId(id);
              setDrawerId(id);
            }}
            onBranch={setBranchId}
            onCopyName={copyWithFeedback}
            onContextMenu={noop}
            onRename={noop}
            onCancelRename={noop}
            onMove={noop}
            onRefresh={() => void graph.mutate()}
            onCopyLink={() => copyWithFeedback(shareUrl(selectedId))}
          />
        )}
        {!root && !graph.isLoading && <p className="p-10 text-center text-muted">{t("empty")}</p>}
        {drawerNode && graph.data && (
          <PreviewDrawer
            node={drawerNode}
            graph={graph.data}
            typeName={(type) => looks.get(type)?.name ?? type}
            onClose={() => setDrawerId(null)}
            onFocus={(id) => {
              setSelectedId(id);
              setDrawerId(id);
              setFocus((f) => ({ id, seq: (f?.seq ?? 0) + 1, force: true }));
            }}
          />
        )}
      </div>
      {signedIn && detail.data && (
        <>
          <ApplyDialog open={applying} graphId={graphId} graphName={detail.data.name} onOpenChange={setApplying} />
          <RecordsDialog
            open={records}
            view="personal"
            graphId={graphId}
            onOpenChange={setRecords}
            onApply={() => {
              setRecords(false);
              setApplying(true);
            }}
          />
        </>
      )}
    </div>
  );
}
