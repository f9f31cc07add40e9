// A bar chart of the working-time balance, hand-written SVG (about 1 kB of the bundle; a chart library would be
// 20 times that: docs/web-app.md "My month"). Positive bars above the zero line, negative below; each bar's value is
// written beside it, and the same values are a table for screen readers.
import { t } from './i18n';

interface Bar {
  label: string;
  value: number;
  text: string;
}

const W = 640;
const H = 220;
const PAD = { top: 24, bottom: 34, side: 12 };

export function BalanceChart({ title, bars }: { title: string; bars: Bar[] }) {
  const max = Math.max(1, ...bars.map((b) => Math.abs(b.value)));
  const hasNeg = bars.some((b) => b.value < 0);
  const hasPos = bars.some((b) => b.value > 0);
  // Room below for the values written under negative bars.
  const span = H - PAD.top - PAD.bottom - (hasNeg ? 22 : 0);
  // The zero line: at the bottom when all are positive, at the top when all are negative, else in proportion.
  let zero = PAD.top + span;
  if (hasNeg) zero = hasPos ? PAD.top + span / 2 : PAD.top;
  const scale = (hasPos && hasNeg ? span / 2 : span) / max;
  const slot = (W - 2 * PAD.side) / bars.length;
  return (
    <figure class="chart">
      <figcaption id="balance-title">
        {t().balance} <span class="sr-only">{title}</span>
      </figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby="balance-title" class="balance-chart">
        <line x1={PAD.side} x2={W - PAD.side} y1={zero} y2={zero} class="axis" />
        {bars.map((b, i) => {
          const h = Math.abs(b.value) * scale;
          const x = PAD.side + i * slot + slot * 0.2;
          const y = b.value >= 0 ? zero - h : zero;
          return (
            <g key={b.label} class={b.value < 0 ? 'neg' : 'pos'}>
              <rect x={x} y={y} width={slot * 0.6} height={Math.max(h, 1)} rx="3" />
              <text x={x + slot * 0.3} y={b.value >= 0 ? y - 6 : y + h + 16} text-anchor="middle" class="value">
                {b.text}
              </text>
              <text x={x + slot * 0.3} y={H - 10} text-anchor="middle" class="label">
                {b.label}
              </text>
            </g>
          );
        })}
      </svg>
      <div class="sr-only">
        <table>
          <caption>{title}</caption>
          <tbody>
            {bars.map((b) => (
              <tr key={b.label}>
                <th scope="row">{b.label}</th>
                <td>{b.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
