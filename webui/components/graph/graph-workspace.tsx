"use client";
import { Keyboard, PanelLeftClose, PanelLeftOpen, Redo2, Undo2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { useAttainmentColours } from "@/hooks/use-attainment-colours";
import { OPEN_ALL_UP_TO, OPEN_DEPTH } from "@/hooks/use-graph";
import { useEditHistory } from "@/hooks/use-edit-history";
import { useGraphEditor } from "@/hooks/use-graph-editor";
import { useIsPhone } from "@/hooks/use-media";
import { graphApi, saveDownload } from "@/lib/api/graph";
import type { TreeNode } from "@/lib/api/graph-types";
import { copyWithFeedback } from "@/lib/clipboard";
import { toast } from "@/lib/feedback";
import { childTypes, entityLooks } from "@/lib/graph/entities";
import type { MapCommand } from "@/lib/graph/map-keys";
import type { SubtreeSnapshot } from "@/lib/graph/undo-history";
import { collapsedBeyond, countNodes, pathTo } from "@/lib/graph/tree-ops";
import { cn } from "@/lib/utils";
import { DuplicatesDialog, type DuplicateGroup } from "./duplicates-dialog";
import { GraphHeader } from "./graph-header";
import { GraphMenu, type GraphMenuAction } from "./graph-menu";
import { KnowledgeTree, type Adding } from "./knowledge-tree";
import { MapKeysDialog } from "./map-keys-dialog";
import { MergeDialog } from "./merge-dialog";
import { MindMap } from "./mind-map";
import { MoveNodeDialog } from "./move-node-dialog";
import { NameDialog } from "./name-dialog";
import { NodeDrawer } from "./node-drawer";
import { NodeTypeDialog } from "./node-type-dialog";
import { SortChildrenDialog } from "./sort-children-dialog";
import { TasksDialog } from "./tasks-dialog";
import { VersionsDialog } from "./versions-dialog";

/** The drawer's narrow width: 30vw, but never under 320 px (components/graph/node-drawer). */
const DRAWER_MIN_WIDTH = 320;

type Renaming = { id: number; where: "tree" | "map" };
type Dialog = "versions" | "tasks" | "import" | "renameGraph" | "copyGraph" | "sortChildren" | "changeType" | "moveNode" | null;

/** The knowledge tree screen (SPEC §2 knowledgeTree/{graphId}/{nodeId?}): tree, mind map, drawer, graph menu. */
export function GraphWorkspace({ graphId, nodeId }: { graphId: number; nodeId?: number }) {
  const t = useTranslations("graph");
  const router = useRouter();
  const editor = useGraphEditor(graphId);
  const { root, complete, index, editable, template, detail } = editor;
  // Every edit of the tree goes through the history, so undo and redo cover it (issue 17).
  const history = useEditHistory(editor);
  const actions = { ...editor.actions, ...history.actions };
  const tm = useTranslations("mindMap");
  const clipboard = useRef<SubtreeSnapshot | null>(null);
  const [keysOpen, setKeysOpen] = useState(false);
  const looks = useMemo(() => entityLooks(template.data), [template.data]);
  const attainmentColours = useAttainmentColours(graphId);
  /** The map waits for the template's colours, so it is drawn once, not twice. */
  const templateSettled = template.data !== undefined || template.error !== undefined;
  const [collapsed, setCollapsed] = useState<Set<number> | null>(null);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [drawerId, setDrawerId] = useState<number | null>(null);
  const [branchId, setBranchId] = useState<number | null>(null);
  const [renaming, setRenaming] = useState<Renaming | null>(null);
  const [adding, setAdding] = useState<Adding | null>(null);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [focus, setFocus] = useState<{ id: number; seq: number; force: boolean } | null>(null);
  const [menu, setMenu] = useState<{ id: number; x: number; y: number } | null>(null);
  const phone = useIsPhone();
  // A phone shows the outline or the map, never both squeezed side by side: the map first.
  const [treeOpen, setTreeOpen] = useState(() => typeof window === "undefined" || !window.matchMedia("(max-width: 767px)").matches);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [duplicates, setDuplicates] = useState<DuplicateGroup[] | null>(null);
  const [confirmDialog, ask] = useConfirm();
  const warned = useRef(false);

  // SPEC §5: a tree answer without an id shows 数据异常 and no tree.
  useEffect(() => {
    if (editor.broken && !warned.current) {
      warned.current = true;
      toast("warning", { key: "dataError" });
    }
  }, [editor.broken]);

  const large = useMemo(() => root !== null && (!complete || countNodes(root) > OPEN_ALL_UP_TO), [root, complete]);
  // Set while rendering (not in an effect) so the first render with data already draws the map.
  // Above OPEN_ALL_UP_TO nodes the map opens OPEN_DEPTH levels, which is what the first stage of
  // a big tree holds (use-graph): the same nodes stay folded when the whole tree replaces it.
  if (root && collapsed === null) setCollapsed(large ? collapsedBeyond(root, OPEN_DEPTH) : new Set());

  /** Show a node: unfold its ancestors, select it and centre it in the map. */
  const reveal = useCallback(
    (id: number) => {
      if (!index.has(id)) return;
      const ancestors = pathTo(index, id).slice(0, -1);
      setCollapsed((current) => {
        if (!current || !ancestors.some((ancestor) => current.has(ancestor))) return current;
        const next = new Set(current);
        ancestors.forEach((ancestor) => next.delete(ancestor));
        return next;
      });
      if (branchId !== null && !pathTo(index, id).includes(branchId)) setBranchId(null);
      setSelectedId(id);
      setFocus((current) => ({ id, seq: (current?.seq ?? 0) + 1, force: true }));
    },
    [index, branchId],
  );

  const revealedRoute = useRef(false);
  useEffect(() => {
    if (nodeId && index.has(nodeId) && !revealedRoute.current) {
      revealedRoute.current = true;
      reveal(nodeId);
    }
  }, [nodeId, index, reveal]);

  const toggle = useCallback((id: number) => {
    setCollapsed((current) => {
      const next = new Set(current ?? []);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  const selected = selectedId !== null ? index.get(selectedId) : undefined;
  const addingAnchor = adding ? index.get(adding.anchorId) : undefined;
  const typesForAdding = useMemo(() => {
    if (!addingAnchor) return [];
    const parentType = adding?.mode === "child" ? addingAnchor.node.type : index.get(addingAnchor.parentId ?? -1)?.node.type;
    return parentType ? childTypes(template.data, parentType) : [];
  }, [addingAnchor, adding, index, template.data]);

  const startAdd = (next: Adding) => {
    setTreeOpen(true);
    setRenaming(null);
    if (next.mode === "child") setCollapsed((current) => (current?.has(next.anchorId) ? new Set([...current].filter((id) => id !== next.anchorId)) : current));
    setAdding(next);
  };

  const run = async <T,>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch {
      return undefined; // the client has shown the failure (toast, modal or conflict)
    }
  };

  const remove = async (id: number) => {
    const name = index.get(id)?.node.name ?? "";
    if (!(await ask(t("deleteConfirm", { name })))) return;
    const done = await run(() => actions.remove(id));
    if (done) {
      toast("success", { key: "deleted" });
      if (selectedId === id) setSelectedId(null);
      if (drawerId === id) setDrawerId(null);
    }
  };

  const removeChecked = async () => {
    if (!(await ask(t("deleteCheckedConfirm", { count: checked.size })))) return;
    const done = await run(() => actions.removeMany([...checked]));
    if (done) {
      toast("success", { key: "deleted" });
      setChecked(new Set());
    }
  };

  const exportAs = async (format: string) => {
    const file = await run(() => graphApi.exportFile(graphId, format));
    if (file) saveDownload(file);
  };

  const onMenu = async (action: GraphMenuAction) => {
    switch (action) {
      case "addChild":
        if (selectedId !== null) startAdd({ anchorId: selectedId, mode: "child" });
        break;
      case "addSibling":
        if (selectedId !== null) startAdd({ anchorId: selectedId, mode: "sibling" });
        break;
      case "renameNode":
        if (selectedId !== null) (setTreeOpen(true), setRenaming({ id: selectedId, where: "tree" }));
        break;
      case "deleteNode":
        if (selectedId !== null) await remove(selectedId);
        break;
      case "collapseAll":
        if (root) setCollapsed(collapsedBeyond(root, 1));
        break;
      case "expandAll":
        setCollapsed(new Set());
        break;
      case "duplicates": {
        const found = await run(() => graphApi.duplicates(graphId));
        if (found) setDuplicates(found as DuplicateGroup[]);
        break;
      }
      case "publish":
      case "unpublish":
        if (await run(() => actions.publish(action === "publish"))) toast("success", { key: action === "publish" ? "published" : "unpublished" });
        break;
      case "libraryPublish":
        if (await run(() => graphApi.libraryPublish(graphId))) toast("success", { key: "libraryOffered" });
        refresh();
        break;
      case "libraryWithdraw":
        if (await run(() => graphApi.libraryWithdraw(graphId))) toast("success", { key: "saved" });
        refresh();
        break;
      case "bindPoint":
        // SPEC §2 /graph_bind_relation/{graphId}/{nodeId}: the node's bindings to ability or knowledge points of other graphs.
        if (selectedId !== null) router.push(`/graph_bind_relation/${graphId}/${selectedId}`);
        break;
      case "moveNode":
      case "sortChildren":
      case "changeType":
      case "import":
      case "versions":
      case "tasks":
      case "renameGraph":
      case "copyGraph":
        setDialog(action);
        break;
    }
  };

  /** Delete from the keyboard: a leaf at once (undo brings it back), a branch after asking. */
  const removeByKey = async (id: number) => {
    const entry = index.get(id);
    if (!entry || entry.parentId === null) return;
    const below = countNodes(entry.node) - 1;
    if ((below > 0 || entry.node.hasChilds) && !(await ask(tm("deleteSubtreeConfirm", { name: entry.node.name, count: below })))) return;
    const done = await run(() => actions.remove(id));
    if (done) {
      toast("success", { key: "deleted" });
      setSelectedId(entry.parentId);
      if (drawerId === id) setDrawerId(null);
    }
  };

  /** Create a node from the keyboard and rename it in place on the canvas, as XMind does. */
  const addByKey = async (anchorId: number, mode: "child" | "sibling") => {
    if (mode === "child") setCollapsed((current) => (current?.has(anchorId) ? new Set([...current].filter((id) => id !== anchorId)) : current));
    const name = tm("newTopic");
    const created = await run(() => (mode === "child" ? actions.addChild(anchorId, name) : actions.addSibling(anchorId, name)));
    if (!created) return;
    setSelectedId(created.id);
    setRenaming({ id: created.id, where: "map" });
    setFocus((f) => ({ id: created.id, seq: (f?.seq ?? 0) + 1, force: false }));
  };

  const onCommand = async (command: MapCommand) => {
    if (command === "help") return setKeysOpen(true);
    if (command === "undo") return void history.undo();
    if (command === "redo") return void history.redo();
    if (command === "deselect") return (setSelectedId(null), setMenu(null));
    const entry = selectedId !== null ? index.get(selectedId) : undefined;
    if (!entry || selectedId === null) return;
    const canEdit = editable && entry.node.isControl;
    switch (command) {
      case "toggle":
        if (hasChildren(entry.node)) toggle(selectedId);
        break;
      case "copy": {
        const snapshot = await run(() => actions.copy(selectedId));
        if (snapshot) {
          clipboard.current = snapshot;
          toast("success", { key: "branchCopied" });
        }
        break;
      }
      case "paste": {
        const copied = clipboard.current;
        if (!canEdit || !copied) break;
        setCollapsed((current) => (current?.has(selectedId) ? new Set([...current].filter((id) => id !== selectedId)) : current));
        const pasted = await run(() => actions.paste(copied, selectedId));
        if (pasted) (setSelectedId(pasted), setFocus((f) => ({ id: pasted, seq: (f?.seq ?? 0) + 1, force: false })));
        break;
      }
      case "addChild":
        if (canEdit) await addByKey(selectedId, "child");
        break;
      case "addSibling":
        if (!editable) break;
        if (entry.parentId === null) await addByKey(selectedId, "child");
        else if (index.get(entry.parentId)?.node.isControl) await addByKey(selectedId, "sibling");
        break;
      case "remove":
        if (editable) await removeByKey(selectedId);
        break;
      case "rename":
        if (canEdit) setRenaming({ id: selectedId, where: "map" });
        break;
    }
  };

  const copyLink = async () => {
    const path = `/knowledgeGraph/knowledgeTree/${graphId}${selectedId ? `/${selectedId}` : ""}`;
    await copyWithFeedback(window.location.origin + path);
  };

  const refresh = () => void editor.refresh();
  const nodeName = (id: number) => index.get(id)?.node.name ?? `#${id}`;

  return (
    <div className="-m-4 flex h-[calc(100%+2rem)] flex-col" data-testid="graph-workspace" data-tree={complete ? "complete" : "partial"}>
      <GraphHeader graphId={graphId} graph={detail.data} view="mindmap">
        {editable && (
          <>
            <Button size="sm" variant="ghost" onClick={() => void history.undo()} disabled={!history.canUndo} aria-label={tm("undo")} title={`${tm("undo")} (Ctrl/⌘+Z)`} data-testid="undo">
              <Undo2 size={15} />
            </Button>
            <Button size="sm" variant="ghost" onClick={() => void history.redo()} disabled={!history.canRedo} aria-label={tm("redo")} title={`${tm("redo")} (Shift+Ctrl/⌘+Z)`} data-testid="redo">
              <Redo2 size={15} />
            </Button>
          </>
        )}
        <Button size="sm" variant="ghost" onClick={() => setKeysOpen(true)} aria-label={tm("keys")} title={`${tm("keys")} (?)`}>
          <Keyboard size={15} />
        </Button>
        <Button size="sm" variant="ghost" onClick={() => setTreeOpen(!treeOpen)} aria-label={treeOpen ? t("hideTree") : t("showTree")} title={treeOpen ? t("hideTree") : t("showTree")}>
          {treeOpen ? <PanelLeftClose size={15} /> : <PanelLeftOpen size={15} />}
        </Button>
        <GraphMenu
          editable={editable}
          released={detail.data?.releaseState === 1}
          hasSelection={selected !== undefined}
          selectionIsRoot={selected?.parentId === null}
          selectionHasChildren={hasChildren(selected?.node)}
          onAction={(action) => void onMenu(action)}
          onExport={(format) => void exportAs(format)}
        />
      </GraphHeader>
      <div className="relative flex min-h-0 flex-1">
        {editor.broken && (
          <p className="m-auto text-sm text-muted" data-testid="tree-broken">
            {t("dataError")}
          </p>
        )}
        {!root && !editor.broken && <p className="m-auto text-sm text-muted">{t("loading")}</p>}
        {root && collapsed && templateSettled && (
          <>
            {treeOpen && (
              <div className={cn("shrink-0 border-r border-border bg-card", phone ? "w-full" : "w-72")} data-testid="outline-pane">
                <KnowledgeTree
                  root={root}
                  looks={looks}
                  collapsed={collapsed}
                  selectedId={selectedId}
                  checked={checked}
                  editable={editable}
                  renamingId={renaming?.where === "tree" ? renaming.id : null}
                  adding={adding}
                  typesForAdding={typesForAdding}
                  onToggle={toggle}
                  onSelect={(id) => (reveal(id), phone && setTreeOpen(false))}
                  onCheck={(id, on) =>
                    setChecked((current) => {
                      const next = new Set(current);
                      if (on) next.add(id);
                      else next.delete(id);
                      return next;
                    })
                  }
                  onStartRename={(id) => (setAdding(null), setRenaming({ id, where: "tree" }))}
                  onRename={async (id, name) => {
                    setRenaming(null);
                    if (name.trim() !== index.get(id)?.node.name) await run(() => actions.rename(id, name));
                  }}
                  onCancel={() => (setRenaming(null), setAdding(null))}
                  onStartAdd={startAdd}
                  onAdd={async (name, type) => {
                    const current = adding;
                    setAdding(null);
                    if (!current) return;
                    const created = await run(() => (current.mode === "child" ? actions.addChild(current.anchorId, name, type) : actions.addSibling(current.anchorId, name, type)));
                    if (created) {
                      setSelectedId(created.id);
                      // SPEC §4: a node is centred only when it lies outside the central area.
                      setFocus((f) => ({ id: created.id, seq: (f?.seq ?? 0) + 1, force: false }));
                    }
                  }}
                  onDelete={(id) => void remove(id)}
                  onOpenDetail={(id) => (reveal(id), setDrawerId(id))}
                  onDrop={async (dragged, target, place) => {
                    const moved = await run(() => actions.drop(dragged, target, place));
                    if (moved === false) toast("warning", { key: "cannotMove" });
                  }}
                  onDeleteChecked={() => void removeChecked()}
                  onClearChecked={() => setChecked(new Set())}
                />
              </div>
            )}
            <div className={cn("relative min-w-0 flex-1 bg-background", phone && treeOpen && "hidden")}>
              <MindMap
                root={root}
                large={large}
                looks={looks}
                colours={attainmentColours}
                collapsed={collapsed}
                selectedId={selectedId}
                editable={editable}
                branchId={branchId}
                renamingId={renaming?.where === "map" ? renaming.id : null}
                focus={focus}
                coveredRight={drawerId !== null ? Math.max(DRAWER_MIN_WIDTH, window.innerWidth * 0.3) : 0}
                onSelect={(id) => {
                  setSelectedId(id);
                  setMenu(null);
                  if (id === null) setDrawerId(null);
                  else if (drawerId !== null) setDrawerId(id);
                }}
                onToggle={toggle}
                onOpenDetail={(id) => (setSelectedId(id), setDrawerId(id))}
                onBranch={setBranchId}
                onCopyName={copyWithFeedback}
                onContextMenu={(id, x, y) => (setSelectedId(id), setMenu({ id, x, y }))}
                onRename={async (id, name) => {
                  setRenaming(null);
                  if (name.trim() !== index.get(id)?.node.name) await run(() => actions.rename(id, name));
                }}
                onCancelRename={() => setRenaming(null)}
                onStartRename={(id) => (setAdding(null), setSelectedId(id), setRenaming({ id, where: "map" }))}
                onCommand={(command) => void onCommand(command)}
                onMove={async (dragged, target) => {
                  const moved = await run(() => actions.drop(dragged, target, "inside"));
                  if (moved === false) {
                    toast("warning", { key: "cannotMove" });
                    refresh();
                  }
                }}
                onRefresh={refresh}
                onCopyLink={() => void copyLink()}
              />
              {menu && (
                <NodeContextMenu
                  x={menu.x}
                  y={menu.y}
                  isRoot={index.get(menu.id)?.parentId === null}
                  hasChildren={hasChildren(index.get(menu.id)?.node)}
                  editable={editable && Boolean(index.get(menu.id)?.node.isControl)}
                  inBranch={branchId === menu.id}
                  onClose={() => setMenu(null)}
                  onChoose={(choice) => {
                    const id = menu.id;
                    setMenu(null);
                    if (choice === "detail") setDrawerId(id);
                    // From the canvas, a new node is named on the canvas (not in the outline).
                    if (choice === "addChild") void addByKey(id, "child");
                    if (choice === "addSibling") void addByKey(id, "sibling");
                    if (choice === "rename") setRenaming({ id, where: "map" });
                    if (choice === "delete") void remove(id);
                    if (choice === "branch") setBranchId(branchId === id ? null : id);
                    if (choice === "sortChildren" || choice === "changeType") setDialog(choice);
                  }}
                />
              )}
            </div>
            {drawerId !== null && (
              <NodeDrawer
                graphId={graphId}
                nodeId={drawerId}
                template={template.data}
                looks={looks}
                index={index}
                editable={editable}
                onClose={() => setDrawerId(null)}
                onFocusNode={reveal}
                onChanged={refresh}
              />
            )}
          </>
        )}
      </div>
      <VersionsDialog graphId={graphId} editable={editable} open={dialog === "versions"} onOpenChange={(open) => setDialog(open ? "versions" : null)} onRestored={refresh} />
      <MoveNodeDialog
        nodeId={selectedId}
        index={index}
        open={dialog === "moveNode"}
        onOpenChange={(open) => setDialog(open ? "moveNode" : null)}
        onMove={async (targetId) => {
          if (selectedId === null) return;
          const moved = await actions.drop(selectedId, targetId, "inside");
          if (moved) toast("success", { key: "saved" });
          else toast("warning", { key: "cannotMove" });
        }}
      />
      <SortChildrenDialog graphId={graphId} nodeId={selectedId} open={dialog === "sortChildren"} onOpenChange={(open) => setDialog(open ? "sortChildren" : null)} onSaved={refresh} />
      <NodeTypeDialog
        graphId={graphId}
        nodeId={selectedId}
        parentType={selected?.parentId != null ? index.get(selected.parentId)?.node.type : undefined}
        template={template.data}
        looks={looks}
        open={dialog === "changeType"}
        onOpenChange={(open) => setDialog(open ? "changeType" : null)}
        onSaved={refresh}
      />
      <TasksDialog graphId={graphId} nodeId={selectedId ?? root?.id ?? null} nodeNames={nodeName} editable={editable} open={dialog === "tasks"} onOpenChange={(open) => setDialog(open ? "tasks" : null)} />
      <MergeDialog graphId={graphId} open={dialog === "import"} onOpenChange={(open) => setDialog(open ? "import" : null)} onMerged={refresh} />
      <NameDialog
        open={dialog === "renameGraph"}
        title={t("renameGraph")}
        initialName={detail.data?.name ?? ""}
        onOpenChange={(open) => setDialog(open ? "renameGraph" : null)}
        onSubmit={async (name) => {
          await graphApi.rename(graphId, name);
          toast("success", { key: "saved" });
          refresh();
        }}
      />
      <NameDialog
        open={dialog === "copyGraph"}
        title={t("copyGraph")}
        initialName={detail.data ? t("copyName", { name: detail.data.name }) : ""}
        withProject
        initialProjectId={detail.data?.projectId}
        onOpenChange={(open) => setDialog(open ? "copyGraph" : null)}
        onSubmit={async (name, projectId) => {
          const copy = await graphApi.saveAs(graphId, { name, projectId });
          toast("success", { text: t("copied", { name: copy.name }) });
        }}
      />
      <MapKeysDialog open={keysOpen} onOpenChange={setKeysOpen} />
      <DuplicatesDialog groups={duplicates} onOpenChange={(open) => !open && setDuplicates(null)} onFocusNode={(id) => (setDuplicates(null), reveal(id))} />
      {confirmDialog}
    </div>
  );
}

/** Whether a node has children, loaded or not yet (a tree cut short marks them with hasChilds). */
function hasChildren(node: TreeNode | undefined): boolean {
  return Boolean(node && (node.childs.length > 0 || node.hasChilds));
}

type ContextChoice = "detail" | "addChild" | "addSibling" | "rename" | "delete" | "sortChildren" | "changeType" | "branch";

function NodeContextMenu({ x, y, isRoot, hasChildren, editable, inBranch, onClose, onChoose }: { x: number; y: number; isRoot: boolean; hasChildren: boolean; editable: boolean; inBranch: boolean; onClose: () => void; onChoose: (choice: ContextChoice) => void }) {
  const t = useTranslations("graph");
  const tm = useTranslations("mindMap");
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const away = (event: MouseEvent) => !ref.current?.contains(event.target as Node) && onClose();
    const escape = (event: KeyboardEvent) => event.key === "Escape" && onClose();
    window.addEventListener("mousedown", away);
    window.addEventListener("keydown", escape);
    return () => {
      window.removeEventListener("mousedown", away);
      window.removeEventListener("keydown", escape);
    };
  }, [onClose]);
  const entries: [ContextChoice, string, boolean][] = [
    ["detail", tm("viewDescription"), true],
    ["addChild", t("addChild"), editable],
    ["addSibling", t("addSibling"), editable && !isRoot],
    ["rename", t("renameNode"), editable],
    ["delete", t("deleteNode"), editable && !isRoot],
    ["sortChildren", t("sortChildren"), editable && hasChildren],
    ["changeType", t("changeType"), editable && !isRoot],
    ["branch", inBranch ? tm("fullTree") : tm("onlyBranch"), true],
  ];
  return (
    <div ref={ref} role="menu" className="fixed z-50 min-w-40 rounded-md border border-border bg-card p-1 text-sm shadow-lg" style={{ left: x, top: y }} data-testid="node-menu">
      {entries
        .filter(([, , shown]) => shown)
        .map(([choice, label]) => (
          <button key={choice} role="menuitem" className="block w-full rounded px-2 py-1.5 text-left hover:bg-primary/10 hover:text-primary" onClick={() => onChoose(choice)} data-testid={`node-menu-${choice}`}>
            {label}
          </button>
        ))}
    </div>
  );
}
