// Bars over the report's first dimension, stacked by its second (hand-written SVG like BalanceChart: no chart
// library in the bundle). The legend lists the stacks largest first; the same figures are the report's table.
import { t } from './i18n';

export interface Stack {
  label: string;
  /** Hours per bar, in the order of the chart's bars. */
  values: number[];
}

const W = 720;
const H = 260;
const PAD = { top: 16, bottom: 40, left: 44, right: 8 };
/** Colour-blind-safe palette (Okabe–Ito), darkened where needed for contrast against white. */
export const COLOURS = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#7a6a00', '#56b4e9', '#a64d00', '#555555'];

/** A round axis maximum at or above `max`: 1, 2, 2.5 or 5 times a power of ten. */
export function niceCeiling(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return ([1, 2, 2.5, 5, 10].find((f) => f * power >= max) ?? 10) * power;
}

export function StackedChart({ title, bars, stacks }: { title: string; bars: string[]; stacks: Stack[] }) {
  const totals = bars.map((_, i) => stacks.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const top = niceCeiling(Math.max(0, ...totals));
  const span = H - PAD.top - PAD.bottom;
  const slot = (W - PAD.left - PAD.right) / Math.max(1, bars.length);
  const y = (hours: number) => PAD.top + span - (hours / top) * span;
  // Every label when they fit, else every n-th.
  const every = Math.max(1, Math.ceil(bars.length / 12));
  return (
    <figure class="chart report-chart">
      <figcaption id="report-chart-title">{title}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="report-chart-title">
        {[0, 0.5, 1].map((f) => (
          <g key={f} class="grid">
            <line x1={PAD.left} x2={W - PAD.right} y1={y(top * f)} y2={y(top * f)} />
            <text x={PAD.left - 6} y={y(top * f) + 4} text-anchor="end">
              {top * f}
            </text>
          </g>
        ))}
        {bars.map((bar, i) => {
          let base = 0;
          return (
            <g key={bar} class="bar-group">
              {stacks.map((s, k) => {
                const v = s.values[i] ?? 0;
                if (v <= 0) return null;
                const rect = (
                  <rect
                    key={s.label}
                    x={PAD.left + i * slot + slot * 0.15}
                    y={y(base + v)}
                    width={slot * 0.7}
                    height={Math.max(1, y(base) - y(base + v))}
                    fill={COLOURS[k % COLOURS.length]}
                  >
                    <title>{`${bar} · ${s.label}: ${v}`}</title>
                  </rect>
                );
                base += v;
                return rect;
              })}
              {i % every === 0 && (
                <text x={PAD.left + (i + 0.5) * slot} y={H - 8} text-anchor="middle" class="label">
                  {bar}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      {stacks.length > 1 && (
        <ul class="chart-legend" aria-label={t().legend}>
          {stacks.map((s, k) => (
            <li key={s.label}>
              <span class="swatch" style={{ background: COLOURS[k % COLOURS.length] }} aria-hidden="true" />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </figure>
  );
}
