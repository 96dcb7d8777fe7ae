"use client";
import {
  Handle,
  NodeToolbar,
  Panel,
  Position,
  ReactFlow,
  ReactFlowProvider,
  applyNodeChanges,
  useReactFlow,
  useStore,
  type Edge,
  type Node,
  type NodeChange,
  type NodeHandle,
  type NodeProps,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { Copy, FileText, GitBranch, Link2, Maximize, Network, Pin, PinOff, RotateCw, ZoomIn, ZoomOut } from "lucide-react";
import { useTranslations } from "next-intl";
import { type KeyboardEvent as ReactKeyboardEvent, createContext, memo, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useIsPhone } from "@/hooks/use-media";
import { usePreferences } from "@/hooks/use-preferences";
import type { TreeNode } from "@/lib/api/graph-types";
import { carriesDefinition, lookOf, undefinedMarkColour, type EntityLook } from "@/lib/graph/entities";
import { layoutMindMap, type PlacedNode } from "@/lib/graph/mind-map-layout";
import { AUTO_ZOOM, MIND_MAP_ZOOM, REFRESH_LOCK_MS, insideCentralArea, mostOverlapped, stepZoom } from "@/lib/graph/viewport";
import { arrowTarget, commandOf, type MapCommand } from "@/lib/graph/map-keys";
import { cn } from "@/lib/utils";

export interface MindMapProps {
  root: TreeNode;
  /** A big graph (opened two levels deep): only the nodes in view are drawn. */
  large?: boolean;
  looks: Map<string, EntityLook>;
  /** Colours by node id that override the type's (attainment, issue 20). */
  colours?: ReadonlyMap<number, string>;
  collapsed: ReadonlySet<number>;
  /** The undefined mark on knowledge points without a definition: off in the public preview. */
  undefinedMarks?: boolean;
  selectedId: number | null;
  editable: boolean;
  branchId: number | null;
  renamingId: number | null;
  /** Bumped to centre a node on request (a click in the tree or the drawer). */
  focus: { id: number; seq: number; force: boolean } | null;
  /** Pixels on the right covered by the node drawer: centring aims at the part still visible. */
  coveredRight: number;
  onSelect: (id: number | null) => void;
  onToggle: (id: number) => void;
  onOpenDetail: (id: number) => void;
  onBranch: (id: number | null) => void;
  onCopyName: (name: string) => void;
  onContextMenu: (id: number, x: number, y: number) => void;
  onRename: (id: number, name: string) => void;
  /** A double-click on an editable node: rename it in place. */
  onStartRename?: (id: number) => void;
  /** A key command on the focused map (lib/graph/map-keys); the arrows are handled here. */
  onCommand?: (command: MapCommand) => void;
  onCancelRename: () => void;
  onMove: (nodeId: number, targetId: number) => void;
  onRefresh: () => void;
  onCopyLink: () => void;
}

interface MindNodeData extends Record<string, unknown> {
  placed: PlacedNode<TreeNode>;
  look: EntityLook;
  selected: boolean;
  renaming: boolean;
  /** What the toolbar shows, on the selected node only. */
  inBranch: boolean;
  pinned: boolean;
  /** A node being dragged would land under this one. */
  dropTarget: boolean;
}

type MindFlowNode = Node<MindNodeData, "mind">;

interface Callbacks {
  /** Always the latest props: read at event time, so nodes need not re-render when handlers change. */
  props: () => MindMapProps;
  setPinned: (pinned: boolean) => void;
  /** Give the keyboard back to the map (after a rename on the canvas). */
  focusMap: () => void;
  /** The nodes' own labels, translated once for all of them. */
  labels: { undefined: string; expand: string; collapse: string };
  /** The undefined mark's colour (none of the template's types), or null when marks are off. */
  markColour: string | null;
}

const CallbacksContext = createContext<Callbacks | null>(null);

function useCallbacks(): Callbacks {
  return useContext(CallbacksContext)!;
}

/** SPEC §4: the floating toolbar of a selected node of level at most 1. */
function NodeActions({ node, inBranch, pinned }: { node: TreeNode; inBranch: boolean; pinned: boolean }) {
  const t = useTranslations("mindMap");
  const { props: latest, setPinned } = useCallbacks();
  const props = { onOpenDetail: (id: number) => latest().onOpenDetail(id), onBranch: (id: number | null) => latest().onBranch(id), onCopyName: (name: string) => latest().onCopyName(name) };
  const button = "inline-flex h-7 items-center gap-1 whitespace-nowrap rounded px-2 text-xs hover:bg-primary/10 hover:text-primary";
  return (
    <div className="nodrag flex items-center gap-0.5 rounded-md border border-border bg-card p-0.5 text-foreground shadow-md" data-testid="node-toolbar">
      <button className={button} onClick={() => props.onOpenDetail(node.id)}>
        <FileText size={13} />
        {t("viewDescription")}
      </button>
      <button className={button} onClick={() => props.onBranch(inBranch ? null : node.id)} data-testid="toolbar-branch">
        {inBranch ? <Network size={13} /> : <GitBranch size={13} />}
        {inBranch ? t("fullTree") : t("onlyBranch")}
      </button>
      <button className={button} onClick={() => props.onCopyName(node.name)}>
        <Copy size={13} />
        {t("copyName")}
      </button>
      <button className={button} onClick={() => setPinned(!pinned)} aria-pressed={pinned}>
        {pinned ? <PinOff size={13} /> : <Pin size={13} />}
        {pinned ? t("unpin") : t("pinBelow")}
      </button>
    </div>
  );
}

function RenameInput({ node }: { node: TreeNode }) {
  const { props: latest, focusMap } = useCallbacks();
  const props = latest();
  const [value, setValue] = useState(node.name);
  return (
    <input
      autoFocus
      className="nodrag w-full rounded border border-primary bg-card px-1 text-foreground outline-none"
      value={value}
      data-testid="mind-rename"
      onChange={(e) => setValue(e.target.value)}
      onBlur={props.onCancelRename}
      onKeyDown={(e) => {
        e.stopPropagation();
        if (e.key === "Enter" && value.trim()) (props.onRename(node.id, value), focusMap());
        if (e.key === "Escape") (props.onCancelRename(), focusMap());
      }}
    />
  );
}

// A node re-renders only when what it shows changes: moving it (a new position after a fold
// elsewhere) is React Flow's transform on the wrapper, not a render of this component.
const MindNode = memo(function MindNode({ data }: NodeProps<MindFlowNode>) {
  const { props, labels, markColour } = useCallbacks();
  const { placed, look, selected, renaming, inBranch, pinned, dropTarget } = data;
  const node = placed.source;
  const isRoot = placed.depth === 0;
  const outer = placed.side === "left" ? "-left-5" : "-right-5";
  return (
    <div className="group relative" style={{ width: placed.width, height: placed.height }} data-testid="mind-node" data-selected={selected || undefined} data-node-id={node.id} data-name={node.name} data-side={placed.side} data-depth={placed.depth}>
      {selected && placed.depth <= 1 && !pinned && (
        <NodeToolbar isVisible position={Position.Top}>
          <NodeActions node={node} inBranch={inBranch} pinned={pinned} />
        </NodeToolbar>
      )}
      <div
        className={cn(
          "flex h-full flex-col justify-center px-3 transition-shadow",
          isRoot ? "rounded-lg text-white" : look.rect ? "rounded-md border-2 bg-card" : "border-b-2",
          selected && "ring-2 ring-primary ring-offset-2 ring-offset-background",
          dropTarget && "outline-dashed outline-2 outline-offset-4 outline-primary",
        )}
        data-drop-target={dropTarget || undefined}
        style={{ fontSize: placed.fontSize, background: isRoot ? look.colour : undefined, borderColor: isRoot ? undefined : look.colour, fontWeight: placed.depth <= 1 ? 600 : 400 }}
        onDoubleClick={() => (props().editable && node.isControl ? props().onStartRename?.(node.id) : props().onOpenDetail(node.id))}
      >
        {renaming ? (
          <RenameInput node={node} />
        ) : (
          placed.lines.map((line, index) => (
            <div key={index} className="whitespace-pre leading-[1.5]">
              {line}
            </div>
          ))
        )}
      </div>
      {markColour && !node.isDefine && carriesDefinition(node.type) && (
        <span className="absolute -left-1 -top-1 h-2.5 w-2.5 rounded-full ring-2 ring-background" style={{ background: markColour }} title={labels.undefined} role="img" aria-label={labels.undefined} data-testid="undefined-dot" />
      )}
      {(node.isNewNode || node.isUpdateNode) && (
        <span className={cn("absolute -right-2 -top-2.5 rounded px-1 text-[10px] font-semibold leading-4", node.isNewNode ? "bg-[#c62828] text-white" : "bg-[#faad14] text-[#1f1f1f]")} data-testid="change-mark">
          {node.isNewNode ? "new" : "update"}
        </span>
      )}
      {/* React Flow measures every node once it mounts and takes the edges' anchors from these
          elements; the same anchors are stated on the node (handlesOf) for the frames before. */}
      <Handle type="source" position={Position.Right} id="r" isConnectable={false} className="!opacity-0" />
      <Handle type="source" position={Position.Left} id="l" isConnectable={false} className="!opacity-0" />
      <Handle type="target" position={Position.Left} id="tl" isConnectable={false} className="!opacity-0" />
      <Handle type="target" position={Position.Right} id="tr" isConnectable={false} className="!opacity-0" />
      {!isRoot && (placed.childCount > 0 || placed.collapsed) && (
        <button
          className={cn(
            "nodrag absolute top-1/2 flex h-4 w-4 -translate-y-1/2 items-center justify-center rounded-full border border-muted bg-card text-[11px] leading-none text-foreground transition-opacity",
            outer,
            placed.collapsed ? "opacity-100" : "opacity-0 group-hover:opacity-100",
          )}
          aria-label={placed.collapsed ? labels.expand : labels.collapse}
          data-testid="toggle-branch"
          onClick={(event) => {
            event.stopPropagation();
            props().onToggle(node.id);
          }}
        >
          {placed.collapsed ? "+" : "−"}
        </button>
      )}
    </div>
  );
}, (before, after) => before.data === after.data);

const NODE_TYPES = { mind: MindNode };
const CULL_ABOVE = 300;
const EDGE_STYLE = { stroke: "var(--muted)", strokeWidth: 1.5 };
/** About what surrounds the map (the knowledge tree, the header): only for the first frame's estimate. */
const TREE_PANEL_WIDTH = 288;
const HEADER_HEIGHT = 100;

/**
 * Where edges attach, known from the layout and stated on each node, so edges are drawn from the
 * first frame; React Flow then measures the node's handle elements (MindNode) once it mounts.
 */
function handlesOf(width: number, height: number): NodeHandle[] {
  const middle = height / 2;
  return [
    { id: "r", type: "source", position: Position.Right, x: width, y: middle, width: 0, height: 0 },
    { id: "l", type: "source", position: Position.Left, x: 0, y: middle, width: 0, height: 0 },
    { id: "tl", type: "target", position: Position.Left, x: 0, y: middle, width: 0, height: 0 },
    { id: "tr", type: "target", position: Position.Right, x: width, y: middle, width: 0, height: 0 },
  ];
}

/**
 * Whether a node shows the same as before (its place aside): then its data object is reused. By
 * content, not identity, so a refetched tree (the whole one after its first levels) re-renders
 * only the nodes that changed.
 */
function drawnAlike(before: MindNodeData, placed: PlacedNode<TreeNode>, look: EntityLook): boolean {
  const old = before.placed;
  const was = old.source;
  const now = placed.source;
  return (
    was.id === now.id && was.name === now.name && was.isDefine === now.isDefine && was.isNewNode === now.isNewNode &&
    was.isUpdateNode === now.isUpdateNode && old.depth === placed.depth && old.side === placed.side && old.width === placed.width &&
    old.height === placed.height && old.childCount > 0 === placed.childCount > 0 && old.collapsed === placed.collapsed &&
    before.look.code === look.code && before.look.colour === look.colour && before.look.rect === look.rect
  );
}

/** The zoom in percent, subscribed on its own so panning re-renders only this. */
function ZoomLevel() {
  const zoom = useStore((state) => state.transform[2]);
  return (
    <span className="w-11 text-center text-xs tabular-nums" data-testid="zoom-level">
      {Math.round(zoom * 100)}%
    </span>
  );
}

function findNode(root: TreeNode, id: number): TreeNode | null {
  const stack = [root];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.id === id) return node;
    stack.push(...node.childs);
  }
  return null;
}

function Canvas(props: MindMapProps) {
  const t = useTranslations("mindMap");
  const flow = useReactFlow();
  const preferences = usePreferences();
  const wrapper = useRef<HTMLDivElement>(null);
  const [pinned, setPinned] = useState(false);
  const [refreshLocked, setRefreshLocked] = useState(false);
  const latest = useRef(props);
  latest.current = props;
  const layoutRoot = useMemo(() => (props.branchId !== null ? findNode(props.root, props.branchId) ?? props.root : props.root), [props.root, props.branchId]);
  const layout = useMemo(() => layoutMindMap(layoutRoot, { collapsed: props.collapsed }), [layoutRoot, props.collapsed]);
  const placedById = useMemo(() => new Map(layout.nodes.map((placed) => [placed.id, placed])), [layout]);

  // The flow nodes of the last layout, by id: a fold re-lays the tree, but nodes that show the
  // same keep their data (no render) and, when they did not move either, their whole object (React
  // Flow skips them), so a click costs in proportion to what changed, not to the tree.
  const previousNodes = useRef(new Map<number, MindFlowNode>());
  const baseNodes = useMemo<MindFlowNode[]>(() => {
    const previous = previousNodes.current;
    const next = new Map<number, MindFlowNode>();
    const result = layout.nodes.map((placed) => {
      const typeLook = lookOf(props.looks, placed.source.type);
      const colour = props.colours?.get(placed.id);
      const look = colour ? { ...typeLook, colour } : typeLook;
      const draggable = props.editable && placed.depth > 0;
      const old = previous.get(placed.id);
      let node: MindFlowNode;
      if (old && old.draggable === draggable && drawnAlike(old.data, placed, look)) {
        node = old.position.x === placed.x && old.position.y === placed.y ? old : { ...old, position: { x: placed.x, y: placed.y } };
      } else {
        node = {
          id: String(placed.id),
          type: "mind",
          position: { x: placed.x, y: placed.y },
          width: placed.width,
          height: placed.height,
          // Sizes are known from the layout: stating them spares React Flow's round of dimension changes after the first paint.
          measured: { width: placed.width, height: placed.height },
          handles: handlesOf(placed.width, placed.height),
          draggable,
          selectable: false,
          data: { placed, look, selected: false, renaming: false, inBranch: false, pinned: false, dropTarget: false },
        };
      }
      next.set(placed.id, node);
      return node;
    });
    previousNodes.current = next;
    return result;
  }, [layout, props.looks, props.colours, props.editable]);
  // Only the selected and the renamed node differ from the base, so only they re-render on a click.
  const { selectedId, renamingId, branchId } = props;
  const flowNodes = useMemo<MindFlowNode[]>(
    () =>
      selectedId === null && renamingId === null
        ? baseNodes
        : baseNodes.map((node) => {
            const id = Number(node.id);
            if (id !== selectedId && id !== renamingId) return node;
            return { ...node, data: { ...node.data, selected: id === selectedId, renaming: id === renamingId, inBranch: id === branchId, pinned } };
          }),
    [baseNodes, selectedId, renamingId, branchId, pinned],
  );
  // Edges hold no positions (React Flow reads them from the nodes): one kept per id and side.
  const previousEdges = useRef(new Map<string, Edge>());
  const edges = useMemo<Edge[]>(() => {
    const previous = previousEdges.current;
    const next = new Map<string, Edge>();
    const result = layout.edges.map((edge) => {
      const sourceHandle = edge.side === "right" ? "r" : "l";
      const old = previous.get(edge.id);
      const made: Edge =
        old?.sourceHandle === sourceHandle
          ? old
          : {
              id: edge.id,
              source: String(edge.source),
              target: String(edge.target),
              sourceHandle,
              targetHandle: edge.side === "right" ? "tl" : "tr",
              selectable: false,
              focusable: false,
              style: EDGE_STYLE,
            };
      next.set(edge.id, made);
      return made;
    });
    previousEdges.current = next;
    return result;
  }, [layout]);
  // React Flow measures and drags nodes through onNodesChange; a new layout replaces them during
  // render (not in an effect), so a change of the tree costs one render, not two.
  const [nodes, setNodes] = useState(flowNodes);
  const [shownNodes, setShownNodes] = useState(flowNodes);
  if (shownNodes !== flowNodes) {
    setShownNodes(flowNodes);
    setNodes(flowNodes);
  }
  // Where a dragged node would land, marked on the drawn nodes only (a drag is transient: the
  // next layout replaces them anyway).
  const dropTargetId = useRef<number | null>(null);
  const markDropTarget = useCallback((id: number | null) => {
    if (dropTargetId.current === id) return;
    dropTargetId.current = id;
    setNodes((current) =>
      current.map((node) => {
        const is = Number(node.id) === id;
        return node.data.dropTarget === is ? node : { ...node, data: { ...node.data, dropTarget: is } };
      }),
    );
  }, []);
  /** The node a dragged node would land on: the one it covers most (a parent and its child may both touch it). */
  const landingOf = useCallback(
    (dragged: MindFlowNode): number | null => {
      const others = flow.getIntersectingNodes(dragged).filter((other) => other.id !== dragged.id);
      const target = mostOverlapped(flow.getNodesBounds([dragged]), others.map((other) => ({ id: other.id, box: flow.getNodesBounds([other]) })));
      return target === null ? null : Number(target);
    },
    [flow],
  );
  const onNodesChange = useCallback((changes: NodeChange<MindFlowNode>[]) => setNodes((current) => applyNodeChanges(changes, current)), []);

  const centre = useCallback(
    (id: number, force: boolean) => {
      const placed = placedById.get(id);
      const box = wrapper.current?.getBoundingClientRect();
      if (!placed || !box) return;
      const viewport = flow.getViewport();
      const visible = { width: Math.max(box.width / 3, box.width - props.coveredRight), height: box.height };
      const onScreen = { x: placed.x * viewport.zoom + viewport.x, y: placed.y * viewport.zoom + viewport.y, width: placed.width * viewport.zoom, height: placed.height * viewport.zoom };
      if (force || !insideCentralArea(onScreen, visible)) {
        const shift = (box.width - visible.width) / 2 / viewport.zoom;
        void flow.setCenter(placed.x + placed.width / 2 + shift, placed.y + placed.height / 2, { zoom: viewport.zoom, duration: 300 });
      }
    },
    [flow, placedById, props.coveredRight],
  );

  // SPEC §9 auto zoom 0.8: a new tree (or branch) opens centred on its root at 0.8. React Flow's
  // setCenter does nothing until its pane has a zoom handler and a size, which on a loaded machine
  // came after the first layout: the map then stayed at 100%, so this waits for the pane too.
  const shownRoot = layoutRoot.id;
  const paneReady = useStore((state) => state.panZoom !== null && state.width > 0 && state.height > 0);
  useEffect(() => {
    const placed = placedById.get(shownRoot);
    if (!placed || !paneReady) return;
    void flow.setCenter(placed.x + placed.width / 2, placed.y + placed.height / 2, { zoom: AUTO_ZOOM });
    // Only when the shown root changes (or the pane first can), not on every edit.
  }, [shownRoot, flow, paneReady]);

  const focusSeq = props.focus?.seq;
  useEffect(() => {
    if (props.focus) centre(props.focus.id, props.focus.force);
  }, [focusSeq]);

  // Keys act on the focused map: a click on a node focuses it, and so does the end of a rename.
  const focusMap = () => wrapper.current?.focus({ preventScroll: true });
  useEffect(() => {
    const active = document.activeElement;
    if (renamingId === null && (!active || active === document.body)) focusMap();
  }, [renamingId]);
  // A selection moved by the workspace (after a delete, a paste or a dialog) keeps the keys on the map.
  useEffect(() => {
    const active = document.activeElement;
    if (selectedId !== null && (!active || active === document.body)) focusMap();
  }, [selectedId]);
  const onKeyDown = (event: ReactKeyboardEvent) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, textarea, select, [contenteditable=true]")) return;
    const command = commandOf(event);
    if (!command) return;
    // Without a selection the editing keys keep their usual meaning (Tab leaves the map).
    const needsSelection = !["undo", "redo", "help", "up", "down", "left", "right"].includes(command);
    if (needsSelection && props.selectedId === null) return;
    event.preventDefault();
    if (command === "up" || command === "down" || command === "left" || command === "right") {
      const from = props.selectedId ?? layout.nodes[0]?.id;
      const to = from === undefined ? null : props.selectedId === null ? from : arrowTarget(layout.nodes, from, command);
      if (to !== null && to !== undefined) {
        props.onSelect(to);
        centre(to, false);
      }
      return;
    }
    props.onCommand?.(command);
  };

  const zoomBy = (direction: 1 | -1) => {
    const next = stepZoom(flow.getZoom(), direction, MIND_MAP_ZOOM);
    void flow.zoomTo(next, { duration: 150 });
  };

  const selected = props.selectedId !== null ? placedById.get(props.selectedId) : undefined;
  const looksInUse = useMemo(() => [...props.looks.values()], [props.looks]);
  const narrow = useIsPhone();
  const markColour = props.undefinedMarks === false ? null : undefinedMarkColour(looksInUse);
  const callbacks = useMemo<Callbacks>(
    () => ({ props: () => latest.current, setPinned, focusMap: () => wrapper.current?.focus({ preventScroll: true }), labels: { undefined: t("undefinedMark"), expand: t("expand"), collapse: t("collapse") }, markColour }),
    [t, markColour],
  );
  // The first frame already shows the root centred at the auto zoom (the effect above then makes
  // it exact), so culling does not draw one set of nodes and then another.
  const [firstViewport] = useState(() => {
    const root = layout.nodes[0];
    const width = typeof window === "undefined" ? 1024 : window.innerWidth - TREE_PANEL_WIDTH;
    const height = typeof window === "undefined" ? 768 : window.innerHeight - HEADER_HEIGHT;
    return { x: width / 2 - (root.x + root.width / 2) * AUTO_ZOOM, y: height / 2 - (root.y + root.height / 2) * AUTO_ZOOM, zoom: AUTO_ZOOM };
  });

  return (
    <CallbacksContext.Provider value={callbacks}>
      <div
        ref={wrapper}
        className="h-full w-full outline-none"
        data-testid="mind-map"
        tabIndex={0}
        role="application"
        aria-label={t("canvasLabel")}
        aria-keyshortcuts="Tab Enter Delete F2 Space Control+Z Control+Shift+Z Control+C Control+V ?"
        onKeyDown={onKeyDown}
      >
        <ReactFlow
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          onNodesChange={onNodesChange}
          minZoom={MIND_MAP_ZOOM.min}
          maxZoom={MIND_MAP_ZOOM.max}
          // Culling pays off on big trees only; on small ones it just hides nodes a test or a user is about to reach.
          onlyRenderVisibleElements={props.large || layout.nodes.length > CULL_ABOVE}
          defaultViewport={firstViewport}
          nodesConnectable={false}
          elementsSelectable={false}
          zoomOnDoubleClick={false}
          colorMode={preferences.darkMode ? "dark" : "light"}
          proOptions={{ hideAttribution: true }}
          onNodeClick={(_, node) => {
            const id = Number(node.id);
            focusMap();
            props.onSelect(id);
            centre(id, false);
          }}
          onNodeContextMenu={(event, node) => {
            event.preventDefault();
            props.onContextMenu(Number(node.id), event.clientX, event.clientY);
          }}
          onPaneClick={() => (props.onSelect(null), focusMap())}
          onNodeDrag={(_, node) => markDropTarget(landingOf(node))}
          onNodeDragStop={(_, node) => {
            // The node lands where the drag showed it would: the same rule, the same position.
            const target = landingOf(node);
            markDropTarget(null);
            if (target !== null) props.onMove(Number(node.id), target);
            else setNodes(flowNodes);
          }}
        >
          <Panel position="top-right">
            <div className="flex items-center gap-0.5 rounded-md border border-border bg-card p-0.5 text-foreground shadow-sm">
              <button className="inline-flex h-7 w-7 items-center justify-center rounded hover:bg-primary/10" aria-label={t("zoomOut")} title={t("zoomOut")} onClick={() => zoomBy(-1)}>
                <ZoomOut size={15} />
              </button>
              <ZoomLevel />
              <button className="inline-flex h-7 w-7 items-center justify-center rounded hover:bg-primary/10" aria-label={t("zoomIn")} title={t("zoomIn")} onClick={() => zoomBy(1)}>
                <ZoomIn size={15} />
              </button>
              <button
                className="inline-flex h-7 w-7 items-center justify-center rounded hover:bg-primary/10"
                aria-label={t("fit")}
                title={t("fit")}
                onClick={() => void flow.fitView({ minZoom: MIND_MAP_ZOOM.min, maxZoom: 1, duration: 200 })}
              >
                <Maximize size={15} />
              </button>
              <button
                className="inline-flex h-7 w-7 items-center justify-center rounded hover:bg-primary/10 disabled:opacity-40"
                aria-label={t("refresh")}
                title={t("refresh")}
                disabled={refreshLocked}
                data-testid="mind-refresh"
                onClick={() => {
                  // SPEC §9: the refresh control locks for 1 second.
                  setRefreshLocked(true);
                  setTimeout(() => setRefreshLocked(false), REFRESH_LOCK_MS);
                  props.onRefresh();
                }}
              >
                <RotateCw size={15} />
              </button>
              <button className="inline-flex h-7 w-7 items-center justify-center rounded hover:bg-primary/10" aria-label={t("copyLink")} title={t("copyLink")} data-testid="copy-link" onClick={props.onCopyLink}>
                <Link2 size={15} />
              </button>
            </div>
          </Panel>
          {/* The legend wraps short of what covers the map's bottom: the pinned toolbar, or the open drawer on the right. */}
          <Panel
            position="bottom-left"
            style={pinned && selected && selected.depth <= 1 ? { maxWidth: "calc(50% - 15rem)" } : props.coveredRight > 0 ? { maxWidth: `calc(100% - ${props.coveredRight}px - 2rem)` } : undefined}
          >
            {/* Folded on phones (a summary to open it), open elsewhere. */}
            <details open={!narrow} className="rounded-md border border-border bg-card/90 text-xs text-foreground [&:not([open])]:w-fit">
              <summary className="cursor-pointer px-2 py-1 font-medium md:hidden">{t("legend")}</summary>
            <ul className="flex flex-wrap gap-x-3 gap-y-1 px-2 py-1.5" data-testid="legend" aria-label={t("legend")}>
              {looksInUse.map((look) => (
                <li key={look.code} className="flex items-center gap-1">
                  <span className="h-2.5 w-2.5 rounded-sm" style={{ background: look.colour }} />
                  {look.name}
                </li>
              ))}
              {markColour && (
                <li className="flex items-center gap-1" data-testid="legend-undefined">
                  <span className="h-2.5 w-2.5 rounded-full" style={{ background: markColour }} />
                  {t("undefinedMark")}
                </li>
              )}
            </ul>
            </details>
          </Panel>
          {pinned && selected && selected.depth <= 1 && (
            <Panel position="bottom-center">
              <NodeActions node={selected.source} inBranch={props.branchId === selected.id} pinned />
            </Panel>
          )}
        </ReactFlow>
      </div>
    </CallbacksContext.Provider>
  );
}

/** SPEC §2 "Mind map", drawn by React Flow over the tidy-tree layout of lib/graph/mind-map-layout. */
export function MindMap(props: MindMapProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}
