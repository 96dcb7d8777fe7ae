/** Chart maths for the plain-SVG statistics charts: scales, arcs, ticks. Pure and unit-tested. */
export const CHART_COLOURS = ["#0960bd", "#52c41a", "#fa8c16", "#13c2c2", "#722ed1", "#eb2f96", "#faad14", "#2f54eb", "#a0d911", "#f5222d"];

export interface Datum {
  label: string;
  value: number;
}

/** A "nice" maximum for an axis (1, 2, 5 × 10^n) at or above the largest value. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  for (const step of [1, 2, 5, 10]) if (step * power >= max) return step * power;
  return 10 * power;
}

/** Evenly spaced ticks from 0 to the nice maximum. */
export function ticks(max: number, count = 4): number[] {
  const top = niceMax(max);
  return Array.from({ length: count + 1 }, (_, i) => Math.round(((top * i) / count) * 100) / 100);
}

/** The SVG path of a donut slice from angle a0 to a1 (radians, 0 at 12 o'clock, clockwise). */
export function arcPath(cx: number, cy: number, outer: number, inner: number, a0: number, a1: number): string {
  const sweep = a1 - a0;
  if (sweep >= Math.PI * 2 - 1e-9) {
    // A full ring: two half arcs (one arc cannot start and end at the same point).
    return `${arcPath(cx, cy, outer, inner, a0, a0 + Math.PI)} ${arcPath(cx, cy, outer, inner, a0 + Math.PI, a0 + Math.PI * 2)}`;
  }
  const point = (r: number, a: number) => `${(cx + r * Math.sin(a)).toFixed(2)} ${(cy - r * Math.cos(a)).toFixed(2)}`;
  const large = sweep > Math.PI ? 1 : 0;
  return `M ${point(outer, a0)} A ${outer} ${outer} 0 ${large} 1 ${point(outer, a1)} L ${point(inner, a1)} A ${inner} ${inner} 0 ${large} 0 ${point(inner, a0)} Z`;
}

/** Start and end angles of each slice, in order; zero values get no slice. */
export function slices(data: Datum[]): { datum: Datum; a0: number; a1: number; share: number }[] {
  const total = data.reduce((sum, d) => sum + Math.max(0, d.value), 0);
  if (total === 0) return [];
  let angle = 0;
  return data
    .filter((d) => d.value > 0)
    .map((datum) => {
      const share = datum.value / total;
      const a0 = angle;
      angle += share * Math.PI * 2;
      return { datum, a0, a1: angle, share };
    });
}

/** Points of a line chart scaled into a width × height box. */
export function linePoints(values: number[], width: number, height: number, max = niceMax(Math.max(0, ...values))): [number, number][] {
  if (values.length === 0) return [];
  const step = values.length > 1 ? width / (values.length - 1) : 0;
  return values.map((value, i) => [values.length > 1 ? i * step : width / 2, height - (value / max) * height]);
}

/** A record of counts as chart data, labelled by a translator, biggest first. */
export function toData(record: Record<string, number> | undefined, label: (key: string) => string): Datum[] {
  return Object.entries(record ?? {})
    .map(([key, value]) => ({ label: label(key), value }))
    .sort((a, b) => b.value - a.value);
}
