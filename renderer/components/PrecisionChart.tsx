import { formatTflops } from '../wizard/formatQuantity.js';

export interface PrecisionBar {
  dtype: string;
  tflops: number;
  peak?: number;
}

const ROW = 34;
const LEFT = 64;
const WIDTH = 520;

/** One bar per precision: measured TFLOP/s filled, the card's spec peak as an outline behind it. */
export function PrecisionChart({ bars, label }: { bars: PrecisionBar[]; label: string }) {
  const scale = Math.max(...bars.map((bar) => Math.max(bar.tflops, bar.peak ?? 0)), 1e-9);
  const span = WIDTH - LEFT - 150;
  return (
    <figure className="precision-chart" data-testid="precision-chart">
      <svg viewBox={`0 0 ${WIDTH} ${bars.length * ROW + 8}`} role="img" aria-label={label} width="100%" preserveAspectRatio="xMinYMin meet">
        {bars.map((bar, index) => {
          const y = index * ROW + 6;
          const peakWidth = bar.peak ? (bar.peak / scale) * span : 0;
          const width = Math.max(1, (bar.tflops / scale) * span);
          return (
            <g key={bar.dtype}>
              <text x={LEFT - 8} y={y + 16} textAnchor="end" className="chart-label">{bar.dtype}</text>
              {bar.peak ? <rect x={LEFT} y={y} width={peakWidth} height={22} className="chart-peak" /> : null}
              <rect x={LEFT} y={y + 4} width={width} height={14} className="chart-bar" />
              <text x={LEFT + Math.max(width, peakWidth) + 8} y={y + 16} className="chart-value">
                {bar.peak ? `${formatTflops(bar.tflops)} / ${formatTflops(bar.peak)}` : formatTflops(bar.tflops)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
