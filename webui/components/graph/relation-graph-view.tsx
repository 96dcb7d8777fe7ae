"use client";
import {
  Handle,
  Panel,
  Position,
  ReactFlow,
  ReactFlowProvider,
  applyNodeChanges,
  useReactFlow,
  useStore,
  type Connection,
  type Edge,
  type Node,
  type NodeChange,
  type NodeProps,
} from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { useTranslations } from "next-intl";
import { createContext, memo, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from "react";
import { usePreferences } from "@/hooks/use-preferences";
import { relationApi } from "@/lib/api/graph";
import { toast } from "@/lib/feedback";
import { entityLooks, lookOf } from "@/lib/graph/entities";
import {
  BIG_NETWORK,
  MAX_NODE_SIZE,
  MIN_NODE_SIZE,
  WINDOW_CELL,
  cellsAround,
  degreesOf,
  gridOf,
  idsInCells,
  labelScale,
  labelZoom,
  neighbourhoods,
  relationColours,
  relationTypesPresent,
  sameCells,
  sizeByDegree,
  typesBetween,
  visibleRelations,
  zoomFloor,
  type CellRange,
} from "@/lib/graph/relation-graph";
import { clearSavedPlaces, loadSavedPlaces, savePlace } from "@/lib/graph/saved-places";
import { AUTO_ZOOM, RELATION_ZOOM } from "@/lib/graph/viewport";
import { GraphHeader } from "./graph-header";
import { NodeSearch, ZoomButtons } from "./relation-graph-controls";
import { EdgeLayer, type EdgeLine } from "./relation-graph-edges";
import { EmphasisContext, createEmphasisStore, useEmphasis, type EmphasisStore } from "./relation-graph-emphasis";
import { RelationLegend } from "./relation-graph-legend";
import { RelationTypePicker, type PendingRelation } from "./relation-graph-connect";
import { FIRST_MOUNT_STEP, nextMountStep } from "./relation-graph/mount-steps";
import { useNetwork } from "./relation-graph/read-network";
import { RelationNodeDrawer } from "./relation-graph/relation-node-drawer";
import { useRelationPage } from "./relation-graph/use-relation-page";

interface BubbleData extends Record<string, unknown> {
  name: string;
  size: number;
  colour: string;
  /** Shows the knob a relation is dragged from (users who may edit). */
  editable: boolean;
}

/** Edge labels show from this zoom (or the label zoom, if higher); below it only on the focused and hovered nodes' edges. */
const EDGE_LABEL_ZOOM = 0.8;
const FLY_MS = 600;
/** What a bubble off the screen costs a step of the first draw, as a share of one on it (its lines, React Flow's bookkeeping). */
const OFF_SCREEN_SHARE = 0.25;

// Level of detail and focus are classes on the canvas, so a zoom or a click restyles the bubbles in
// view instead of re-rendering thousands of them.
const STYLES = `
.rg-canvas .rg-label { position: absolute; top: 100%; left: 50%; transform: translateX(-50%); margin-top: 2px; width: max-content; max-width: 10em;
  font-size: calc(12px * var(--rg-label-scale, 1)); line-height: 1.15; text-align: center; pointer-events: none; color: var(--foreground);
  text-shadow: 0 0 2px var(--background), 0 0 2px var(--background), 0 0 4px var(--background); }
.rg-canvas.rg-far .rg-node:not([data-lit=true]) .rg-label { display: none; }
.rg-canvas .rg-node[data-selected=true] .rg-label { font-weight: 600; }
.rg-canvas.rg-focus .rg-node[data-focus=out] { opacity: 0.15; }
.rg-canvas.rg-focus .rg-edge[data-focus=out] { opacity: 0.08; }
.rg-canvas .rg-edge { pointer-events: none; }
.rg-canvas .rg-edge-label { font-size: calc(11px * var(--rg-label-scale, 1)); paint-order: stroke; stroke: var(--background); stroke-width: 3px; pointer-events: none; }
.rg-canvas.rg-far-edges .rg-edge:not([data-lit=true]) .rg-edge-label { display: none; }
.rg-canvas .rg-drop { left: 0; top: 0; width: 100%; height: 100%; transform: none; opacity: 0; border: 0; border-radius: 9999px; pointer-events: none; }
.rg-canvas.rg-connecting .rg-drop { pointer-events: all; }
.rg-canvas .rg-knob { width: 14px; height: 14px; right: -7px; opacity: 0; pointer-events: none; background: var(--primary); border: 2px solid var(--card); cursor: crosshair; }
.rg-canvas .rg-node[data-editable=true]:hover .rg-knob, .rg-canvas .rg-node[data-editable=true][data-selected=true] .rg-knob { opacity: 1; pointer-events: all; }
.rg-canvas .react-flow__node:has(.rg-node[data-selected=true]), .rg-canvas .react-flow__node:hover { z-index: 1000 !important; }
`;

/** The knob's label, translated once for every bubble (a translator per bubble costs at 5,000 nodes). */
const KnobLabel = createContext("");

const Bubble = memo(function Bubble({ id, data }: NodeProps<Node<BubbleData, "bubble">>) {
  const knobLabel = useContext(KnobLabel);
  const nodeId = Number(id);
  // One subscription per bubble: selected, in the focused neighbourhood, labelled.
  const look = useEmphasis((emphasis) => `${emphasis.focusId === nodeId ? 1 : 0}${emphasis.focused.has(nodeId) ? 1 : 0}${emphasis.lit.has(nodeId) ? 1 : 0}`);
  const selected = look[0] === "1";
  const inFocus = look[1] === "1";
  const lit = look[2] === "1";
  return (
    <div
      className="rg-node relative"
      style={{ width: data.size, height: data.size }}
      data-testid="relation-node"
      data-node-id={id}
      data-name={data.name}
      data-selected={selected}
      data-focus={inFocus ? "in" : "out"}
      data-lit={lit}
      data-editable={data.editable}
    >
      <div
        className={`h-full w-full rounded-full border-2 border-white shadow dark:border-[#1a1a1a] ${selected ? "ring-4 ring-primary/50" : ""}`}
        style={{ background: data.colour }}
      />
      <div className="rg-label">{data.name}</div>
      {/* Two handles a bubble, always there (React Flow measures them once, when the node mounts):
          the body, where a drag is dropped, and the knob it starts from. Relations are drawn by
          EdgeLayer, not from handles. */}
      <Handle id="body" type="target" position={Position.Top} className="rg-drop" isConnectable={data.editable} isConnectableStart={false} />
      <Handle id="knob" type="source" position={Position.Right} className="rg-knob" isConnectable={data.editable} isConnectableEnd={false} title={knobLabel} aria-label={knobLabel} data-testid="relation-knob" />
    </div>
  );
});

const NODE_TYPES = { bubble: Bubble };
const NODE_ORIGIN: [number, number] = [0.5, 0.5];
const PRO_OPTIONS = { hideAttribution: true };

/** Keeps the canvas's level-of-detail classes and label scale in step with the zoom, the focus and a drag in progress. */
function CanvasClasses({ canvas, labelsFrom, edgeLabelsFrom }: { canvas: RefObject<HTMLDivElement | null>; labelsFrom: number; edgeLabelsFrom: number }) {
  const zoom = useStore((state) => state.transform[2]);
  const connecting = useStore((state) => state.connection.inProgress);
  const focused = useEmphasis((emphasis) => emphasis.focusId !== null);
  useLayoutEffect(() => {
    const element = canvas.current;
    if (!element) return;
    element.style.setProperty("--rg-label-scale", labelScale(zoom).toFixed(3));
    element.classList.toggle("rg-far", zoom < labelsFrom);
    element.classList.toggle("rg-far-edges", zoom < edgeLabelsFrom);
    element.classList.toggle("rg-focus", focused);
    element.classList.toggle("rg-connecting", connecting);
  }, [canvas, zoom, labelsFrom, edgeLabelsFrom, focused, connecting]);
  return null;
}

/**
 * Reports the cells around the viewport whenever a pan or a zoom leaves them: only the nodes there
 * are handed to React Flow, so its work per change follows the screen, not the network's size.
 */
function ViewportWindow({ active, onCells }: { active: boolean; onCells: (range: CellRange) => void }) {
  const range = useStore((state) => {
    const [x, y, zoom] = state.transform;
    return state.width > 0 ? cellsAround({ x: -x / zoom, y: -y / zoom, width: state.width / zoom, height: state.height / zoom }) : null;
  }, sameCells);
  useEffect(() => {
    if (active && range) onCells(range);
  }, [active, range, onCells]);
  return null;
}

type Bounds = { x: number; y: number; width: number; height: number };

function boundsOf(centres: Iterable<{ x: number; y: number }>): Bounds | null {
  let left = Infinity;
  let top = Infinity;
  let right = -Infinity;
  let bottom = -Infinity;
  for (const { x, y } of centres) {
    left = Math.min(left, x);
    top = Math.min(top, y);
    right = Math.max(right, x);
    bottom = Math.max(bottom, y);
  }
  if (left === Infinity) return null;
  // Room for the bubbles and the labels under them.
  const half = MAX_NODE_SIZE / 2;
  return { x: left - half - 40, y: top - half, width: right - left + MAX_NODE_SIZE + 80, height: bottom - top + MAX_NODE_SIZE + 30 };
}

function Network({ graphId, nodeId }: { graphId: number; nodeId?: number }) {
  const t = useTranslations("relationGraph");
  const flow = useReactFlow();
  const preferences = usePreferences();
  const page = useRelationPage(graphId);
  const { data, mutate } = useNetwork(graphId);
  const template = page.template.data;
  const looks = useMemo(() => entityLooks(template), [template]);
  const [store] = useState<EmphasisStore>(createEmphasisStore);
  const canvas = useRef<HTMLDivElement>(null);
  const [hiddenRelations, setHiddenRelations] = useState<ReadonlySet<string>>(new Set());
  const [hiddenEntities, setHiddenEntities] = useState<ReadonlySet<string>>(new Set());
  const [drawerId, setDrawerId] = useState<number | null>(nodeId ?? null);
  const [pending, setPending] = useState<PendingRelation | null>(null);

  const relationTypes = useMemo(() => template?.relations ?? [], [template]);
  const types = useMemo(() => relationTypesPresent(data?.relations ?? []), [data]);
  const colours = useMemo(() => relationColours(types, relationTypes), [types, relationTypes]);
  const names = useMemo(() => new Map(relationTypes.map((type) => [type.code, type.name])), [relationTypes]);
  const directed = useMemo(() => new Map(relationTypes.map((type) => [type.code, type.directed])), [relationTypes]);
  const byId = useMemo(() => new Map((data?.nodes ?? []).map((node) => [node.id, node])), [data]);

  const visibleNodes = useMemo(() => (data ? (hiddenEntities.size ? data.nodes.filter((node) => !hiddenEntities.has(node.type)) : data.nodes) : []), [data, hiddenEntities]);
  const shown = useMemo(() => {
    const byType = visibleRelations(data?.relations ?? [], hiddenRelations);
    if (!hiddenEntities.size) return byType;
    return byType.filter((relation) => !hiddenEntities.has(byId.get(relation.startNodeId)?.type ?? "") && !hiddenEntities.has(byId.get(relation.targetNodeId)?.type ?? ""));
  }, [data, hiddenRelations, hiddenEntities, byId]);
  useEffect(() => store.setNeighbours(neighbourhoods(shown)), [store, shown]);
  // SPEC §9: sizes 50–80 by degree over the relations on show.
  const sizes = useMemo(() => sizeByDegree(degreesOf(visibleNodes.map((node) => node.id), shown)), [visibleNodes, shown]);

  // Centres placed by the server over every edge and parted where bubbles would lie on each other
  // (networkOf, in the worker). Kept for the page's life: a filter toggle or a new relation moves
  // nothing. Taken in a task of their own after the answer's: what follows from them (label zoom,
  // grid, the window) then is not one task with what follows from the answer (sizes, neighbourhoods).
  // A bubble the user dragged on an earlier visit starts where it was dropped (saved in this browser).
  const places = useRef(new Map<number, { x: number; y: number }>());
  const [placed, setPlaced] = useState<Map<number, { x: number; y: number }> | null>(null);
  useEffect(() => {
    if (!data) return;
    const timer = setTimeout(() => {
      const saved = loadSavedPlaces(graphId, data.nodes.map((node) => node.id));
      for (const node of data.nodes) if (!places.current.has(node.id)) places.current.set(node.id, saved.get(node.id) ?? { x: node.x, y: node.y });
      setPlaced(new Map(places.current));
    });
    return () => clearTimeout(timer);
  }, [data, graphId]);
  const centres = placed ?? places.current;
  const labelsFrom = useMemo(() => labelZoom([...centres.values()]), [centres]);
  const edgeLabelsFrom = Math.max(EDGE_LABEL_ZOOM, labelsFrom);

  // Only the nodes in the cells around the viewport go to React Flow: it then costs the same at 150
  // and at 5,000 nodes.
  const grid = useMemo(() => gridOf(centres), [centres]);
  const [cells, setCells] = useState<CellRange | null>(null);
  const windowIds = useMemo(() => (cells ? idsInCells(grid, cells) : new Set<number>()), [grid, cells]);
  // A relation is drawn when one end is in the window and the other within reach of it (the window
  // widened by its own size each side), not long lines to the far side of a big network.
  const reachIds = useMemo(() => {
    if (!cells) return new Set<number>();
    const wide = cells.right - cells.left + 1;
    const high = cells.bottom - cells.top + 1;
    return idsInCells(grid, { left: cells.left - wide, right: cells.right + wide, top: cells.top - high, bottom: cells.bottom + high });
  }, [grid, cells]);
  const windowRelations = useMemo(
    () =>
      shown.filter(
        (relation) =>
          (windowIds.has(relation.startNodeId) && reachIds.has(relation.targetNodeId)) || (windowIds.has(relation.targetNodeId) && reachIds.has(relation.startNodeId)),
      ),
    [shown, windowIds, reachIds],
  );
  // Only the window's nodes go to React Flow, not the far ends of its relations: the lines are
  // drawn from the places (EdgeLayer), and a bubble out there is off screen anyway. At 5,000 nodes
  // those ends were three in four of the nodes handed over, and React Flow's work on every step of
  // the first draw follows the nodes it holds, shown or not.
  const windowNodes = useMemo(() => {
    const list = visibleNodes.filter((node) => windowIds.has(node.id));
    if (!cells) return list;
    // Nearest the middle first, measured in the window's half-width and half-height: a first
    // draw in steps fills the screen from its middle out to its edges, the nodes off it last.
    const middleX = ((cells.left + cells.right + 1) / 2) * WINDOW_CELL;
    const middleY = ((cells.top + cells.bottom + 1) / 2) * WINDOW_CELL;
    const halfWidth = ((cells.right - cells.left + 1) / 2) * WINDOW_CELL;
    const halfHeight = ((cells.bottom - cells.top + 1) / 2) * WINDOW_CELL;
    const far = (id: number) => {
      const place = centres.get(id);
      return place ? Math.max(Math.abs(place.x - middleX) / halfWidth, Math.abs(place.y - middleY) / halfHeight) : Infinity;
    };
    return list.map((node) => ({ node, far: far(node.id) })).sort((a, b) => a.far - b.far).map(({ node }) => node);
  }, [visibleNodes, windowIds, cells, centres]);

  // The first draw mounts a step of bubbles a frame, as many as the last step's time says fit a
  // frame budget (nextMountStep), so no task holds the page for long on a busy machine either. A
  // step follows the last one's commit and a frame, so the time measured is its render, commit and
  // the measuring and paint after it.
  // Bubbles off the screen (the window's margin) cost React Flow no DOM (onlyRenderVisibleElements),
  // only their relations' lines: a step counts each as OFF_SCREEN_SHARE of one on it.
  const [limit, setLimit] = useState(0);
  const mountStep = useRef({ size: FIRST_MOUNT_STEP, startedAt: 0 });
  const windowOrder = useRef(windowNodes);
  windowOrder.current = windowNodes;
  const windowSize = windowNodes.length;
  const hasCells = cells !== null;
  useEffect(() => {
    if (!hasCells || limit === Infinity) return;
    const frame = requestAnimationFrame(() => {
      const step = mountStep.current;
      const now = performance.now();
      if (limit > 0) step.size = nextMountStep(step.size, now - step.startedAt);
      step.startedAt = now;
      const { x, y, zoom } = flow.getViewport();
      const width = canvas.current?.clientWidth ?? 0;
      const height = canvas.current?.clientHeight ?? 0;
      const room = MAX_NODE_SIZE * zoom;
      const onScreen = (id: number) => {
        const place = places.current.get(id);
        if (!place) return false;
        const left = place.x * zoom + x;
        const top = place.y * zoom + y;
        return left > -room && left < width + room && top > -room && top < height + room;
      };
      let next = limit;
      for (let taken = 0; next < windowSize && taken < step.size; next++) taken += onScreen(windowOrder.current[next].id) ? 1 : OFF_SCREEN_SHARE;
      setLimit(next >= windowSize ? Infinity : next);
    });
    return () => cancelAnimationFrame(frame);
  }, [hasCells, limit, windowSize, flow]);

  // A node keeps its object while nothing it shows changes, so a filter toggle re-renders only the
  // bubbles whose size it changed.
  const editable = page.editable;
  const kept = useRef(new Map<number, Node<BubbleData, "bubble">>());
  const flowNodes = useMemo<Node<BubbleData, "bubble">[]>(() => {
    const previous = kept.current;
    const next = new Map<number, Node<BubbleData, "bubble">>();
    const result = windowNodes.slice(0, limit).map((node) => {
      const size = sizes.get(node.id) ?? MIN_NODE_SIZE;
      const colour = lookOf(looks, node.type).colour;
      const old = previous.get(node.id);
      const flowNode =
        old && old.data.size === size && old.data.colour === colour && old.data.name === node.name && old.data.editable === editable
          ? old
          : {
              id: String(node.id),
              type: "bubble" as const,
              position: places.current.get(node.id) ?? { x: 0, y: 0 },
              width: size,
              height: size,
              measured: { width: size, height: size },
              data: { name: node.name, size, colour, editable },
            };
      next.set(node.id, flowNode);
      return flowNode;
    });
    kept.current = next;
    return result;
  }, [windowNodes, limit, sizes, looks, editable]);
  const mountedIds = useMemo(() => new Set(flowNodes.map((node) => Number(node.id))), [flowNodes]);
  // Dragged bubbles carry their relations along: the place being dragged, until the drag stops.
  const [dragged, setDragged] = useState<{ id: number; x: number; y: number } | null>(null);
  const markers = useMemo(() => new Map([...colours.values()].map((colour, index) => [colour, `rg-arrow-${index}`])), [colours]);
  const lines = useMemo<EdgeLine[]>(() => {
    const placeOf = (id: number) => (dragged?.id === id ? dragged : places.current.get(id) ?? { x: 0, y: 0 });
    return windowRelations
      // Drawn with their bubbles in the window, as the first draw mounts them; an end outside it
      // (within reach) is no bubble of React Flow's.
      .filter((relation) => (mountedIds.has(relation.startNodeId) || !windowIds.has(relation.startNodeId)) && (mountedIds.has(relation.targetNodeId) || !windowIds.has(relation.targetNodeId)))
      .map((relation) => {
        const from = placeOf(relation.startNodeId);
        const to = placeOf(relation.targetNodeId);
        const colour = colours.get(relation.relationshipType) ?? "#999";
        return {
          id: `${relation.startNodeId}-${relation.targetNodeId}-${relation.relationshipType}`,
          start: relation.startNodeId,
          end: relation.targetNodeId,
          x1: from.x,
          y1: from.y,
          r1: (sizes.get(relation.startNodeId) ?? MIN_NODE_SIZE) / 2,
          x2: to.x,
          y2: to.y,
          r2: (sizes.get(relation.targetNodeId) ?? MIN_NODE_SIZE) / 2,
          colour,
          label: names.get(relation.relationshipType) ?? relation.relationshipName ?? relation.relationshipType,
          // Arrows only on directed types: 相关 has no way to point.
          marker: directed.get(relation.relationshipType) === false ? null : (markers.get(colour) ?? null),
        };
      });
  }, [windowRelations, windowIds, mountedIds, colours, names, directed, sizes, markers, dragged]);

  // React Flow moves dragged bubbles through these changes; a dragged bubble keeps its new place.
  const [nodes, setNodes] = useState(flowNodes);
  const [nodesFrom, setNodesFrom] = useState(flowNodes);
  if (nodesFrom !== flowNodes) {
    setNodesFrom(flowNodes);
    setNodes(flowNodes);
  }
  const onNodesChange = useCallback((changes: NodeChange<Node<BubbleData, "bubble">>[]) => setNodes((current) => applyNodeChanges(changes, current)), []);

  const flyTo = useCallback(
    (id: number) => {
      const centre = places.current.get(id);
      if (!centre) return;
      store.focus(id);
      void flow.setCenter(centre.x, centre.y, { zoom: Math.max(flow.getZoom(), labelsFrom, AUTO_ZOOM), duration: FLY_MS });
    },
    [flow, store, labelsFrom],
  );

  // A big network may not be zoomed out so far that all of it is in view: React Flow mounts what is
  // in view, and thousands of bubbles at once freeze the page. It opens on its busiest node.
  const big = (data?.nodes.length ?? 0) > BIG_NETWORK;
  const busiest = useMemo(
    () => (big && data ? data.nodes.reduce((best, node) => (node.degree > best.degree ? node : best), data.nodes[0]) : null),
    [big, data],
  );
  const minZoom = useMemo(
    () => (busiest ? zoomFloor(centres.values(), centres.get(busiest.id)!, window.innerWidth, window.innerHeight, RELATION_ZOOM.min) : RELATION_ZOOM.min),
    [busiest, centres],
  );
  const fit = useCallback(
    (duration?: number) => {
      const bounds = boundsOf(visibleNodes.map((node) => centres.get(node.id)!).filter(Boolean));
      if (bounds) void flow.fitBounds(bounds, { padding: 0.08, duration });
    },
    [flow, visibleNodes, centres],
  );
  const openingView = useCallback(
    (duration?: number) => {
      if (busiest) {
        const centre = centres.get(busiest.id)!;
        void flow.setCenter(centre.x, centre.y, { zoom: minZoom, duration });
      } else fit(duration);
    },
    [busiest, centres, flow, minZoom, fit],
  );
  const laidOut = placed !== null;
  // The first viewport waits for React Flow too: with the places in the answer, data can be there
  // before the pane is, and a setCenter then does nothing.
  const [flowReady, setFlowReady] = useState(false);
  const [opened, setOpened] = useState(false);
  useEffect(() => {
    if (!laidOut || !flowReady) return;
    if (nodeId) flyTo(nodeId);
    else openingView();
    setOpened(true);
    // Only once the first layout is there.
  }, [laidOut, flowReady]);

  const isValidConnection = useCallback(
    (connection: Connection | Edge) => {
      const start = byId.get(Number(connection.source));
      const end = byId.get(Number(connection.target));
      return Boolean(start && end && start.id !== end.id && typesBetween(relationTypes, start.type, end.type).length > 0);
    },
    [byId, relationTypes],
  );
  const onConnect = useCallback(
    (connection: Connection) => {
      const start = byId.get(Number(connection.source));
      const end = byId.get(Number(connection.target));
      if (!start || !end) return;
      setPending({ startId: start.id, startName: start.name, endId: end.id, endName: end.name, types: typesBetween(relationTypes, start.type, end.type) });
    },
    [byId, relationTypes],
  );
  const createRelation = async (type: string) => {
    if (!pending) return;
    try {
      await relationApi.create(graphId, pending.startId, pending.endId, type);
    } catch {
      return; // shown by the client
    }
    toast("success", { text: t("relationAdded", { start: pending.startName, relation: names.get(type) ?? type, end: pending.endName }) });
    if (hiddenRelations.has(type)) setHiddenRelations(new Set([...hiddenRelations].filter((code) => code !== type)));
    setPending(null);
    await mutate();
    void page.refresh();
  };

  // The same props on every render: React Flow passes node handlers to every bubble it renders and
  // copies a changed field into its store (each copy re-checks every bubble's subscriptions), so
  // fresh arrow functions here cost a pass over all bubbles on each step of a first draw.
  const flowHandlers = useMemo(
    () => ({
      onInit: () => setFlowReady(true),
      onNodeClick: (_: unknown, node: Node) => {
        const id = Number(node.id);
        store.focus(id);
        setDrawerId(id);
      },
      onNodeMouseEnter: (_: unknown, node: Node) => store.hover(Number(node.id)),
      onNodeMouseLeave: () => store.hover(null),
      onNodeDrag: (_: unknown, node: Node) => setDragged({ id: Number(node.id), ...node.position }),
      onNodeDragStop: (_: unknown, node: Node) => {
        places.current.set(Number(node.id), node.position);
        savePlace(graphId, Number(node.id), node.position);
        kept.current.delete(Number(node.id));
        setDragged(null);
      },
      onPaneClick: () => {
        store.focus(null);
        setDrawerId(null);
      },
    }),
    [store, graphId],
  );

  // Back to the layout computed for the network: the saved places are forgotten, every bubble goes
  // to the answer's place (new objects, so React Flow moves the ones mounted).
  const resetLayout = useCallback(() => {
    clearSavedPlaces(graphId);
    if (!data) return;
    for (const node of data.nodes) places.current.set(node.id, { x: node.x, y: node.y });
    kept.current.clear();
    setDragged(null);
    setPlaced(new Map(places.current));
  }, [graphId, data]);

  const toggle = (set: ReadonlySet<string>, code: string) => {
    const next = new Set(set);
    if (next.has(code)) next.delete(code);
    else next.add(code);
    return next;
  };
  const presentEntities = useMemo(() => {
    const present = new Set((data?.nodes ?? []).map((node) => node.type));
    return [...present].map((code) => lookOf(looks, code));
  }, [data, looks]);

  return (
    <div className="-m-4 flex h-[calc(100%+2rem)] flex-col" data-testid="relation-graph" data-drawn={opened && limit === Infinity} data-window-nodes={flowNodes.length}>
      <GraphHeader graphId={graphId} graph={page.detail.data} view="relation" />
      <style>{STYLES}</style>
      <EmphasisContext.Provider value={store}>
        <KnobLabel.Provider value={t("connectKnob")}>
        <div ref={canvas} className="rg-canvas relative min-h-0 flex-1 bg-background">
          <ReactFlow
            onInit={flowHandlers.onInit}
            nodes={nodes}
            nodeTypes={NODE_TYPES}
            onNodesChange={onNodesChange}
            nodeOrigin={NODE_ORIGIN}
            minZoom={minZoom}
            maxZoom={RELATION_ZOOM.max}
            elementsSelectable={false}
            nodesConnectable={editable}
            isValidConnection={isValidConnection}
            onConnect={onConnect}
            connectionRadius={MAX_NODE_SIZE / 2}
            onlyRenderVisibleElements
            colorMode={preferences.darkMode ? "dark" : "light"}
            proOptions={PRO_OPTIONS}
            onNodeClick={flowHandlers.onNodeClick}
            onNodeMouseEnter={flowHandlers.onNodeMouseEnter}
            onNodeMouseLeave={flowHandlers.onNodeMouseLeave}
            onNodeDrag={flowHandlers.onNodeDrag}
            onNodeDragStop={flowHandlers.onNodeDragStop}
            onPaneClick={flowHandlers.onPaneClick}
          >
            <ViewportWindow active={opened} onCells={setCells} />
            <EdgeLayer lines={lines} markers={markers} />
            <CanvasClasses canvas={canvas} labelsFrom={labelsFrom} edgeLabelsFrom={edgeLabelsFrom} />
            <Panel position="top-left">
              <div className="flex flex-col items-start gap-1.5">
                <NodeSearch nodes={visibleNodes} describe={(node) => lookOf(looks, node.type).name} onPick={(node) => {
                    flyTo(node.id);
                    // An open drawer follows the node searched.
                    setDrawerId((open) => (open === null ? null : node.id));
                  }}
                />
                <RelationLegend
                  relations={types.map((code) => ({ code, name: names.get(code) ?? code, colour: colours.get(code) ?? "#999" }))}
                  entities={presentEntities.map((look) => ({ code: look.code, name: look.name, colour: look.colour }))}
                  hiddenRelations={hiddenRelations}
                  hiddenEntities={hiddenEntities}
                  onToggleRelation={(code) => setHiddenRelations(toggle(hiddenRelations, code))}
                  onToggleEntity={(code) => setHiddenEntities(toggle(hiddenEntities, code))}
                />
              </div>
            </Panel>
            <Panel position="bottom-left">
              <ZoomButtons
                onZoomIn={() => void flow.zoomIn({ duration: 200 })}
                onZoomOut={() => void flow.zoomOut({ duration: 200 })}
                onFit={() => fit(300)}
                onReset={() => {
                  store.focus(null);
                  setDrawerId(null);
                  openingView(300);
                }}
                onResetLayout={resetLayout}
              />
            </Panel>
            {!laidOut && (
              <Panel position="top-center">
                <span className="text-sm text-muted">{t("layingOut")}</span>
              </Panel>
            )}
          </ReactFlow>
          {drawerId !== null && (
            <RelationNodeDrawer
              graphId={graphId}
              nodeId={drawerId}
              template={template}
              looks={looks}
              editable={editable}
              onClose={() => setDrawerId(null)}
              onFocusNode={flyTo}
              onChanged={() => void page.refresh()}
            />
          )}
        </div>
        </KnobLabel.Provider>
      </EmphasisContext.Provider>
      <RelationTypePicker pending={pending} onCancel={() => setPending(null)} onCreate={createRelation} />
    </div>
  );
}

/** SPEC §2 RelationGraph/{graphId}/{nodeId?}: the network as the server laid it out, searchable, focusable, filterable by its legend, and related by dragging one node onto another. */
export function RelationGraphView(props: { graphId: number; nodeId?: number }) {
  return (
    <ReactFlowProvider>
      <Network {...props} />
    </ReactFlowProvider>
  );
}
