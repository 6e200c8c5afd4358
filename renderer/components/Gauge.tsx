/** A half-circle gauge of achieved vs spec throughput; the label says the same in words for screen readers. */
export function Gauge({ value, max, label, caption }: { value: number; max: number; label: string; caption: string }) {
  const fraction = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  const percent = Math.round(fraction * 100);
  const arc = 'M 20 100 A 80 80 0 0 1 180 100';
  return (
    <figure className="gauge" data-testid="gauge">
      <svg viewBox="0 0 200 120" role="img" aria-label={label} width="240" height="144">
        <path d={arc} className="gauge-track" pathLength={100} />
        <path d={arc} className={`gauge-value ${percent >= 70 ? 'good' : percent >= 50 ? 'fair' : 'poor'}`} pathLength={100} strokeDasharray={`${percent} 100`} />
        <text x="100" y="88" textAnchor="middle" className="gauge-percent">{`${percent} %`}</text>
        <text x="100" y="112" textAnchor="middle" className="gauge-caption">{caption}</text>
      </svg>
    </figure>
  );
}
