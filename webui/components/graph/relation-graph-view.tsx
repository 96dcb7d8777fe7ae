"use client";
import { BaseEdge, MarkerType, Panel, ReactFlow, ReactFlowProvider, useNodesState, useReactFlow, type Edge, type EdgeProps, type Node, type NodeProps } from "@xyflow/react";
import "@xyflow/react/dist/style.css";
import { Handle, Position } from "@xyflow/react";
import { useTranslations } from "next-intl";
import { memo, useEffect, useMemo, useRef, useState } from "react";
import { useGraphEditor } from "@/hooks/use-graph-editor";
import { useRelationGraph } from "@/hooks/use-graph";
import { usePreferences } from "@/hooks/use-preferences";
import { entityLooks, lookOf } from "@/lib/graph/entities";
import { BIG_NETWORK, MAX_NODE_SIZE, MIN_NODE_SIZE, MOUNT_STEP, degreesOf, relationColours, relationTypesPresent, sizeByDegree, visibleRelations, zoomFloor } from "@/lib/graph/relation-graph";
import { AUTO_ZOOM, RELATION_ZOOM } from "@/lib/graph/viewport";
import { cn } from "@/lib/utils";
import { GraphHeader } from "./graph-header";
import { NodeDrawer } from "./node-drawer";

interface BubbleData extends Record<string, unknown> {
  name: string;
  size: number;
  colour: string;
  selected: boolean;
}

const Bubble = memo(function Bubble({ data }: NodeProps<Node<BubbleData, "bubble">>) {
  return (
    <div className="relative flex flex-col items-center" style={{ width: data.size }} data-testid="relation-node">
      <div
        className={cn("rounded-full border-2 border-white shadow dark:border-[#1a1a1a]", data.selected && "ring-4 ring-primary/40")}
        style={{ width: data.size, height: data.size, background: data.colour }}
      />
      <div className="pointer-events-none absolute top-full mt-1 w-40 text-center text-xs leading-tight text-foreground">{data.name}</div>
      <Handle type="source" position={Position.Top} className="!left-1/2 !top-1/2 !opacity-0" isConnectable={false} />
      <Handle type="target" position={Position.Top} className="!left-1/2 !top-1/2 !opacity-0" isConnectable={false} />
    </div>
  );
});

const NODE_TYPES = { bubble: Bubble };

type RimEdgeData = { sourceRadius: number; targetRadius: number };

/** A straight edge from rim to rim: handles sit at the bubbles' centres, so the arrowhead would hide under the target. */
function RimEdge({ id, sourceX, sourceY, targetX, targetY, data, markerEnd, style }: EdgeProps<Edge<RimEdgeData>>) {
  const dx = targetX - sourceX;
  const dy = targetY - sourceY;
  const length = Math.hypot(dx, dy) || 1;
  const from = (data?.sourceRadius ?? 0) / length;
  const to = ((data?.targetRadius ?? 0) + 2) / length;
  const path = `M ${sourceX + dx * from} ${sourceY + dy * from} L ${targetX - dx * to} ${targetY - dy * to}`;
  return <BaseEdge id={id} path={path} markerEnd={markerEnd} style={style} />;
}

const EDGE_TYPES = { rim: RimEdge };

function Network({ graphId, nodeId }: { graphId: number; nodeId?: number }) {
  const t = useTranslations("relationGraph");
  const flow = useReactFlow();
  const preferences = usePreferences();
  const editor = useGraphEditor(graphId);
  const { data } = useRelationGraph(graphId);
  const looks = useMemo(() => entityLooks(editor.template.data), [editor.template.data]);
  const [hidden, setHidden] = useState<Set<string>>(new Set());
  const [selectedId, setSelectedId] = useState<number | null>(nodeId ?? null);
  const [drawerId, setDrawerId] = useState<number | null>(nodeId ?? null);
  const types = useMemo(() => relationTypesPresent(data?.relations ?? []), [data]);
  const colours = useMemo(() => relationColours(types, editor.template.data?.relations ?? []), [types, editor.template.data]);
  const names = useMemo(() => new Map((editor.template.data?.relations ?? []).map((type) => [type.code, type.name])), [editor.template.data]);
  const directed = useMemo(() => new Map((editor.template.data?.relations ?? []).map((type) => [type.code, type.directed])), [editor.template.data]);
  const shown = useMemo(() => visibleRelations(data?.relations ?? [], hidden), [data, hidden]);
  // SPEC §9: sizes 50–80 by degree over the relations on show.
  const sizes = useMemo(() => sizeByDegree(degreesOf((data?.nodes ?? []).map((node) => node.id), shown)), [data, shown]);

  // Placed by the server over every edge: a filter toggle changes sizes and edges, never places.
  const positions = useMemo(() => (data ? new Map(data.nodes.map((node) => [node.id, { x: node.x, y: node.y }])) : null), [data]);

  // Drawn progressively: MOUNT_STEP bubbles in the first frame, twice as many in each next one, so
  // a big network never mounts in one frame and React Flow takes the whole list only a few times.
  const [mounted, setMounted] = useState(0);
  useEffect(() => {
    if (!data) return;
    let frame = 0;
    const grow = (count: number) => {
      setMounted(count);
      if (count < data.nodes.length) frame = requestAnimationFrame(() => grow(count * 2));
    };
    grow(MOUNT_STEP);
    return () => cancelAnimationFrame(frame);
  }, [data]);

  // A node keeps its object while nothing it shows changes, so a filter toggle re-renders only the
  // bubbles whose size it changed.
  const kept = useRef(new Map<number, Node<BubbleData, "bubble">>());
  const flowNodes = useMemo<Node<BubbleData, "bubble">[]>(() => {
    if (!positions || !data) return [];
    const previous = kept.current;
    const next = new Map<number, Node<BubbleData, "bubble">>();
    const result = data.nodes.slice(0, mounted).map((node) => {
      const size = sizes.get(node.id) ?? MIN_NODE_SIZE;
      const colour = lookOf(looks, node.type).colour;
      const selected = node.id === selectedId;
      const old = previous.get(node.id);
      const flowNode =
        old && old.data.size === size && old.data.colour === colour && old.data.selected === selected && old.data.name === node.name
          ? old
          : {
              id: String(node.id),
              type: "bubble" as const,
              position: old?.position ?? positions.get(node.id) ?? { x: 0, y: 0 },
              width: size,
              height: size,
              measured: { width: size, height: size },
              draggable: true,
              data: { name: node.name, size, colour, selected },
            };
      next.set(node.id, flowNode);
      return flowNode;
    });
    kept.current = next;
    return result;
  }, [positions, data, mounted, sizes, looks, selectedId]);
  const mountedIds = useMemo(() => new Set((data?.nodes ?? []).slice(0, mounted).map((node) => node.id)), [data, mounted]);
  const keptEdges = useRef(new Map<string, Edge<RimEdgeData>>());
  const edges = useMemo<Edge<RimEdgeData>[]>(() => {
    const previous = keptEdges.current;
    const next = new Map<string, Edge<RimEdgeData>>();
    const result = shown
      .filter((relation) => mountedIds.has(relation.startNodeId) && mountedIds.has(relation.targetNodeId))
      .map((relation) => {
        const id = `e${relation.startNodeId}-${relation.targetNodeId}-${relation.relationshipType}`;
        const sourceRadius = (sizes.get(relation.startNodeId) ?? 50) / 2;
        const targetRadius = (sizes.get(relation.targetNodeId) ?? 50) / 2;
        const colour = colours.get(relation.relationshipType) ?? "#999";
        const old = previous.get(id);
        const edge =
          old && old.data?.sourceRadius === sourceRadius && old.data?.targetRadius === targetRadius && old.style?.stroke === colour
            ? old
            : {
                id,
                source: String(relation.startNodeId),
                target: String(relation.targetNodeId),
                type: "rim",
                data: { sourceRadius, targetRadius },
                style: { stroke: colour, strokeWidth: 1.5 },
                markerEnd: directed.get(relation.relationshipType) === false ? undefined : { type: MarkerType.ArrowClosed, color: colour },
              };
        next.set(id, edge);
        return edge;
      });
    keptEdges.current = next;
    return result;
  }, [shown, mountedIds, colours, directed, sizes]);
  const [nodes, setNodes, onNodesChange] = useNodesState<Node<BubbleData, "bubble">>([]);
  useEffect(() => setNodes(flowNodes), [flowNodes, setNodes]);

  const centreOn = (id: number) => {
    const position = positions?.get(id);
    if (!position) return;
    const size = sizes.get(id) ?? 50;
    setSelectedId(id);
    void flow.setCenter(position.x + size / 2, position.y + size / 2, { zoom: Math.max(flow.getZoom(), AUTO_ZOOM), duration: 300 });
  };

  // A big network may not be zoomed out so far that all of it is in view: React Flow mounts what is
  // in view, and thousands of bubbles at once freeze the page. It opens on its busiest node.
  const big = (data?.nodes.length ?? 0) > BIG_NETWORK;
  const busiest = useMemo(
    () => (big && data ? data.nodes.reduce((best, node) => (node.degree > best.degree ? node : best), data.nodes[0]) : null),
    [big, data],
  );
  const minZoom = useMemo(
    () =>
      busiest && positions
        ? zoomFloor(positions.values(), { x: busiest.x, y: busiest.y }, window.innerWidth, window.innerHeight, RELATION_ZOOM.min)
        : RELATION_ZOOM.min,
    [busiest, positions],
  );
  const laidOut = positions !== null;
  // The first viewport waits for React Flow too: with the places in the answer, data can be there
  // before the pane is, and a setCenter then does nothing.
  const [flowReady, setFlowReady] = useState(false);
  useEffect(() => {
    if (!laidOut || !flowReady || !data) return;
    if (nodeId) centreOn(nodeId);
    else if (busiest) {
      const size = sizes.get(busiest.id) ?? MIN_NODE_SIZE;
      void flow.setCenter(busiest.x + size / 2, busiest.y + size / 2, { zoom: minZoom });
    } else {
      // Fitted to every place, not to the bubbles mounted so far.
      const xs = data.nodes.map((node) => node.x);
      const ys = data.nodes.map((node) => node.y);
      const left = Math.min(...xs);
      const top = Math.min(...ys);
      void flow.fitBounds({ x: left, y: top, width: Math.max(...xs) - left + MAX_NODE_SIZE, height: Math.max(...ys) - top + MAX_NODE_SIZE }, { padding: 0.1 });
    }
    // Only once the first layout is there.
  }, [laidOut, flowReady]);

  return (
    <div className="-m-4 flex h-[calc(100%+2rem)] flex-col" data-testid="relation-graph" data-drawn={data !== undefined && mounted >= data.nodes.length}>
      <GraphHeader graphId={graphId} graph={editor.detail.data} view="relation" />
      <div className="relative min-h-0 flex-1 bg-background">
        <ReactFlow
          onInit={() => setFlowReady(true)}
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES}
          edgeTypes={EDGE_TYPES}
          onNodesChange={onNodesChange}
          minZoom={minZoom}
          maxZoom={RELATION_ZOOM.max}
          nodesConnectable={false}
          onlyRenderVisibleElements
          colorMode={preferences.darkMode ? "dark" : "light"}
          proOptions={{ hideAttribution: true }}
          onNodeClick={(_, node) => {
            const id = Number(node.id);
            setSelectedId(id);
            setDrawerId(id);
          }}
          onPaneClick={() => (setSelectedId(null), setDrawerId(null))}
        >
          <Panel position="top-left">
            <div className="flex max-w-[60vw] flex-wrap gap-1.5 rounded-md border border-border bg-card/95 p-2 text-xs" data-testid="relation-filter" aria-label={t("filter")}>
              {types.map((type) => (
                <label key={type} className="flex cursor-pointer items-center gap-1 rounded border border-border px-1.5 py-0.5">
                  <input
                    type="checkbox"
                    checked={!hidden.has(type)}
                    onChange={(e) => {
                      const next = new Set(hidden);
                      if (e.target.checked) next.delete(type);
                      else next.add(type);
                      setHidden(next);
                    }}
                  />
                  <span className="h-2 w-4 rounded-sm" style={{ background: colours.get(type) }} />
                  {names.get(type) ?? type}
                </label>
              ))}
            </div>
          </Panel>
          <Panel position="bottom-left">
            <ul className="flex flex-wrap gap-x-3 gap-y-1 rounded-md border border-border bg-card/90 px-2 py-1.5 text-xs">
              {[...looks.values()].map((look) => (
                <li key={look.code} className="flex items-center gap-1">
                  <span className="h-2.5 w-2.5 rounded-full" style={{ background: look.colour }} />
                  {look.name}
                </li>
              ))}
            </ul>
          </Panel>
          {!laidOut && (
            <Panel position="top-center">
              <span className="text-sm text-muted">{t("layingOut")}</span>
            </Panel>
          )}
        </ReactFlow>
        {drawerId !== null && (
          <NodeDrawer
            graphId={graphId}
            nodeId={drawerId}
            template={editor.template.data}
            looks={looks}
            index={editor.index}
            editable={editor.editable}
            onClose={() => setDrawerId(null)}
            onFocusNode={centreOn}
            onChanged={() => void editor.refresh()}
          />
        )}
      </div>
    </div>
  );
}

/** SPEC §2 RelationGraph/{graphId}/{nodeId?}: the network as the server laid it out, types coloured and filterable; React Flow mounts only the nodes in view. */
export function RelationGraphView(props: { graphId: number; nodeId?: number }) {
  return (
    <ReactFlowProvider>
      <Network {...props} />
    </ReactFlowProvider>
  );
}
