/** Attainment charts as pure geometry: bars against the threshold, the distribution, the radar, the colour scale. */

export interface Bar {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Bars of values in [0, 1] in a box `width` × `height`; a missing value draws no bar (height 0). */
export function bars(values: (number | null)[], width: number, height: number, gap = 8): Bar[] {
  const count = Math.max(values.length, 1);
  const slot = width / count;
  const barWidth = Math.max(slot - gap, 1);
  return values.map((value, index) => {
    const h = Math.min(1, Math.max(0, value ?? 0)) * height;
    return { x: index * slot + (slot - barWidth) / 2, y: height - h, width: barWidth, height: h };
  });
}

/** The y of a threshold line in the same box. */
export function thresholdY(threshold: number, height: number): number {
  return height - Math.min(1, Math.max(0, threshold)) * height;
}

/** Radar vertices for values in [0, 1] around (cx, cy); the first axis points up, clockwise. */
export function radarPoints(values: (number | null)[], cx: number, cy: number, radius: number): [number, number][] {
  const count = values.length;
  return values.map((value, index) => {
    const angle = -Math.PI / 2 + (2 * Math.PI * index) / Math.max(count, 1);
    const r = Math.min(1, Math.max(0, value ?? 0)) * radius;
    return [cx + r * Math.cos(angle), cy + r * Math.sin(angle)];
  });
}

export function polygon(points: [number, number][]): string {
  return points.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ");
}

/** Node colour by attainment: red below the threshold, amber within 0.1 above it, green beyond; grey unassessed. */
export function attainmentColor(value: number | null | undefined, threshold: number): string {
  if (value === null || value === undefined) return "#bfbfbf";
  if (value < threshold) return "#f5222d";
  if (value < threshold + 0.1) return "#faad14";
  return "#52c41a";
}
