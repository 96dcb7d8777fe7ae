"use client";
import { useTranslations } from "next-intl";
import { arcPath, CHART_COLOURS, linePoints, niceMax, slices, ticks, type Datum } from "@/lib/manage/charts";

/** Horizontal bars with values: readable for long Chinese labels. */
export function BarChart({ data, title }: { data: Datum[]; title: string }) {
  const t = useTranslations("manage.charts");
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const row = 28;
  const labelWidth = 120;
  const width = 460;
  const height = Math.max(1, data.length) * row + 24;
  return (
    <figure className="rounded-lg bg-card p-4" data-testid="bar-chart">
      <figcaption className="mb-2 text-sm font-medium">{title}</figcaption>
      {data.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{t("empty")}</p>
      ) : (
        <svg viewBox={`0 0 ${width} ${height}`} className="w-full" role="img" aria-label={title}>
          {ticks(max).map((tick) => {
            const x = labelWidth + (tick / max) * (width - labelWidth - 40);
            return (
              <g key={tick}>
                <line x1={x} x2={x} y1={0} y2={height - 20} stroke="var(--border)" />
                <text x={x} y={height - 6} fontSize={10} textAnchor="middle" fill="var(--muted)">
                  {tick}
                </text>
              </g>
            );
          })}
          {data.map((d, i) => {
            const w = (d.value / max) * (width - labelWidth - 40);
            const y = i * row + 4;
            return (
              <g key={d.label}>
                <text x={labelWidth - 6} y={y + 14} fontSize={12} textAnchor="end" fill="currentColor">
                  {d.label}
                </text>
                <rect x={labelWidth} y={y + 2} width={Math.max(w, 1)} height={row - 10} rx={3} fill={CHART_COLOURS[i % CHART_COLOURS.length]}>
                  <title>{`${d.label}: ${d.value}`}</title>
                </rect>
                <text x={labelWidth + w + 4} y={y + 14} fontSize={11} fill="currentColor">
                  {d.value}
                </text>
              </g>
            );
          })}
        </svg>
      )}
    </figure>
  );
}

export function DonutChart({ data, title }: { data: Datum[]; title: string }) {
  const t = useTranslations("manage.charts");
  const parts = slices(data);
  const total = data.reduce((sum, d) => sum + d.value, 0);
  return (
    <figure className="rounded-lg bg-card p-4" data-testid="donut-chart">
      <figcaption className="mb-2 text-sm font-medium">{title}</figcaption>
      {parts.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{t("empty")}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-4">
          <svg viewBox="0 0 160 160" className="h-40 w-40" role="img" aria-label={title}>
            {parts.map((part, i) => (
              <path key={part.datum.label} d={arcPath(80, 80, 70, 44, part.a0, part.a1)} fill={CHART_COLOURS[i % CHART_COLOURS.length]}>
                <title>{`${part.datum.label}: ${part.datum.value} (${Math.round(part.share * 100)}%)`}</title>
              </path>
            ))}
            <text x={80} y={78} textAnchor="middle" fontSize={20} fontWeight={600} fill="currentColor">
              {total}
            </text>
            <text x={80} y={96} textAnchor="middle" fontSize={10} fill="var(--muted)">
              {t("total")}
            </text>
          </svg>
          <ul className="flex flex-col gap-1 text-sm">
            {parts.map((part, i) => (
              <li key={part.datum.label} className="flex items-center gap-2">
                <span className="inline-block h-2.5 w-2.5 rounded-sm" style={{ background: CHART_COLOURS[i % CHART_COLOURS.length] }} />
                {part.datum.label}
                <span className="text-muted">
                  {part.datum.value} · {Math.round(part.share * 100)}%
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </figure>
  );
}

export function LineChart({ data, title }: { data: Datum[]; title: string }) {
  const t = useTranslations("manage.charts");
  const width = 460;
  const height = 160;
  const left = 32;
  const max = niceMax(Math.max(0, ...data.map((d) => d.value)));
  const points = linePoints(
    data.map((d) => d.value),
    width - left - 10,
    height - 30,
    max,
  ).map(([x, y]) => [x + left, y + 6] as const);
  return (
    <figure className="rounded-lg bg-card p-4" data-testid="line-chart">
      <figcaption className="mb-2 text-sm font-medium">{title}</figcaption>
      {data.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted">{t("empty")}</p>
      ) : (
        <svg viewBox={`0 0 ${width} ${height}`} className="w-full" role="img" aria-label={title}>
          {ticks(max).map((tick) => {
            const y = height - 24 - (tick / max) * (height - 30);
            return (
              <g key={tick}>
                <line x1={left} x2={width - 10} y1={y} y2={y} stroke="var(--border)" />
                <text x={left - 4} y={y + 3} fontSize={10} textAnchor="end" fill="var(--muted)">
                  {tick}
                </text>
              </g>
            );
          })}
          <polyline points={points.map(([x, y]) => `${x},${y}`).join(" ")} fill="none" stroke={CHART_COLOURS[0]} strokeWidth={2} />
          {points.map(([x, y], i) => (
            <circle key={i} cx={x} cy={y} r={3} fill={CHART_COLOURS[0]}>
              <title>{`${data[i].label}: ${data[i].value}`}</title>
            </circle>
          ))}
          {data.map((d, i) =>
            i === 0 || i === data.length - 1 || data.length <= 8 ? (
              <text key={d.label} x={points[i][0]} y={height - 6} fontSize={10} textAnchor="middle" fill="var(--muted)">
                {d.label.slice(5)}
              </text>
            ) : null,
          )}
        </svg>
      )}
    </figure>
  );
}

export function Figure({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <div className="rounded-lg bg-card p-4" data-testid="figure" data-figure={testId}>
      <div className="text-xs text-muted">{label}</div>
      <div className="mt-1 text-2xl font-semibold">{value}</div>
    </div>
  );
}
