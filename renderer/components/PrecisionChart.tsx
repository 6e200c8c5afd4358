export interface PrecisionBar {
  /** The precision's name as people read it ("bf16"). */
  label: string;
  /** Filled share of the track, 0..1: achieved / spec, or / the largest figure where there is no spec. */
  fraction: number;
  /** The figures in words with units: "151 of 165 TFLOP/s (91 %)". */
  value: string;
}

/**
 * Achieved vs spec per precision as HTML rows (label, bar, figures with units), so text wraps instead of being cut
 * and every figure is real text; the track is the card's spec, the fill what was measured.
 */
export function PrecisionChart({ bars, caption }: { bars: PrecisionBar[]; caption: string }) {
  return (
    <figure className="precision-chart" data-testid="precision-chart">
      <figcaption>{caption}</figcaption>
      <ul>
        {bars.map((bar) => (
          <li key={bar.label} data-precision={bar.label}>
            <span className="chart-label">{bar.label}</span>
            {/* An SVG bar sized by attributes: the renderer sets no inline styles. */}
            <svg className="chart-track" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
              <rect className="chart-bar" width={Math.round(Math.min(1, Math.max(0, bar.fraction)) * 1000) / 10} height={10} />
            </svg>
            <span className="chart-value">{bar.value}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
