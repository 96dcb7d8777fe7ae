"use client";
import { attainmentColor, bars, polygon, radarPoints, thresholdY } from "@/lib/attainment/charts";

const W = 480;
const H = 180;

/** A bar per objective with the threshold line. */
export function ObjectiveBars({ labels, values, threshold, title }: { labels: string[]; values: (number | null)[]; threshold: number; title: string }) {
  const drawn = bars(values, W, H);
  const line = thresholdY(threshold, H);
  return (
    <svg viewBox={`0 0 ${W} ${H + 36}`} className="w-full max-w-xl" role="img" aria-label={title} data-testid="attainment-bars">
      {drawn.map((bar, index) => (
        <g key={labels[index]}>
          <rect x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={attainmentColor(values[index], threshold)} rx={2}>
            <title>{`${labels[index]}: ${values[index]?.toFixed(2) ?? "-"}`}</title>
          </rect>
          <text x={bar.x + bar.width / 2} y={Math.max(bar.y - 4, 12)} textAnchor="middle" fontSize={12} className="fill-current">
            {values[index]?.toFixed(2) ?? "-"}
          </text>
          <text x={bar.x + bar.width / 2} y={H + 16} textAnchor="middle" fontSize={12} className="fill-current">
            {labels[index]}
          </text>
        </g>
      ))}
      <line x1={0} x2={W} y1={line} y2={line} stroke="#f5222d" strokeDasharray="6 4" data-testid="threshold-line" />
      <text x={W - 2} y={line - 4} textAnchor="end" fontSize={11} fill="#f5222d">
        {threshold.toFixed(2)}
      </text>
      <line x1={0} x2={W} y1={H} y2={H} stroke="currentColor" strokeOpacity={0.3} />
    </svg>
  );
}

/** Students per tenth of their objective value. */
export function Distribution({ counts, threshold, title }: { counts: number[]; threshold: number; title: string }) {
  const most = Math.max(1, ...counts);
  const drawn = bars(counts.map((c) => c / most), 200, 60, 2);
  return (
    <svg viewBox="0 0 200 74" className="h-20 w-48" role="img" aria-label={title}>
      {drawn.map((bar, index) => (
        <rect key={index} x={bar.x} y={bar.y} width={bar.width} height={bar.height} fill={attainmentColor((index + 0.5) / counts.length, threshold)}>
          <title>{`${index / 10}–${(index + 1) / 10}: ${counts[index]}`}</title>
        </rect>
      ))}
      <text x={0} y={72} fontSize={9} className="fill-current">0</text>
      <text x={200} y={72} fontSize={9} textAnchor="end" className="fill-current">1</text>
    </svg>
  );
}

/** A radar of indicator values (unassessed ones at the centre). */
export function IndicatorRadar({ labels, values, title }: { labels: string[]; values: (number | null)[]; title: string }) {
  const size = 360;
  const c = size / 2;
  const radius = c - 48;
  const rings = [0.25, 0.5, 0.75, 1].map((r) => polygon(radarPoints(labels.map(() => r), c, c, radius)));
  const axes = radarPoints(labels.map(() => 1), c, c, radius);
  const labelsAt = radarPoints(labels.map(() => 1.12), c, c, radius);
  return (
    <svg viewBox={`0 0 ${size} ${size}`} className="w-full max-w-md self-start" role="img" aria-label={title} data-testid="indicator-radar">
      {rings.map((ring, index) => (
        <polygon key={index} points={ring} fill="none" stroke="currentColor" strokeOpacity={0.15} />
      ))}
      {axes.map(([x, y], index) => (
        <line key={index} x1={c} y1={c} x2={x} y2={y} stroke="currentColor" strokeOpacity={0.15} />
      ))}
      <polygon points={polygon(radarPoints(values, c, c, radius))} fill="#0960bd" fillOpacity={0.25} stroke="#0960bd" />
      {labelsAt.map(([x, y], index) => (
        <text key={index} x={x} y={y} fontSize={9} textAnchor="middle" dominantBaseline="middle" className="fill-current">
          {labels[index]}
        </text>
      ))}
    </svg>
  );
}
