"use client";
import { ViewportPortal } from "@xyflow/react";
import { memo } from "react";
import { useEmphasis } from "./relation-graph-emphasis";

export interface EdgeLine {
  id: string;
  start: number;
  end: number;
  /** Centres and radii of the two bubbles, flow coordinates. */
  x1: number;
  y1: number;
  r1: number;
  x2: number;
  y2: number;
  r2: number;
  colour: string;
  label: string;
  /** The arrowhead's marker id, for directed types only. */
  marker: string | null;
}

/** One relation from rim to rim with its type's name halfway; faded or labelled by the emphasis. */
const Line = memo(function Line({ id, start, end, x1, y1, r1, x2, y2, r2, colour, label, marker }: EdgeLine) {
  const touches = (one: number | null) => one !== null && (one === start || one === end);
  const look = useEmphasis((emphasis) => (emphasis.focusId === null || touches(emphasis.focusId) ? 2 : 0) + (touches(emphasis.focusId) || touches(emphasis.hoverId) ? 1 : 0));
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const from = r1 / length;
  const to = (r2 + 2) / length;
  return (
    <g className="react-flow__edge rg-edge" data-relation={id} data-focus={look >= 2 ? "in" : "out"} data-lit={look % 2 === 1} data-testid="relation-edge">
      <path d={`M ${x1 + dx * from} ${y1 + dy * from} L ${x2 - dx * to} ${y2 - dy * to}`} fill="none" stroke={colour} strokeWidth={1.5} markerEnd={marker ? `url(#${marker})` : undefined} />
      {label && (
        <text className="rg-edge-label" x={(x1 + x2) / 2} y={(y1 + y2) / 2} textAnchor="middle" dominantBaseline="central" fill={colour}>
          {label}
        </text>
      )}
    </g>
  );
});

/**
 * The relations drawn in one SVG under the bubbles instead of as React Flow edges: an edge there
 * re-reads the store on every change of it (a pan, a mount, a measure), and hundreds of them made
 * every step of a big network's first draw slow. Places only move when a bubble is dragged.
 */
export const EdgeLayer = memo(function EdgeLayer({ lines, markers }: { lines: EdgeLine[]; markers: Map<string, string> }) {
  return (
    <ViewportPortal>
      <svg className="rg-edges" style={{ position: "absolute", left: 0, top: 0, width: 1, height: 1, overflow: "visible", zIndex: -1, pointerEvents: "none" }} aria-hidden>
        <defs>
          {[...markers].map(([colour, id]) => (
            <marker key={id} id={id} viewBox="-10 -10 20 20" markerWidth="12.5" markerHeight="12.5" refX="0" refY="0" orient="auto-start-reverse" markerUnits="strokeWidth">
              <polyline points="-5,-4 0,0 -5,4 -5,-4" fill={colour} stroke={colour} strokeLinecap="round" strokeLinejoin="round" strokeWidth={1} />
            </marker>
          ))}
        </defs>
        {lines.map((line) => (
          <Line key={line.id} {...line} />
        ))}
      </svg>
    </ViewportPortal>
  );
});
