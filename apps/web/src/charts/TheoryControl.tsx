/**
 * The switch for the throughput chart's theory lines and, while they are on, what they
 * are computed from: the flow, the measured p (with its counts) and RTT, or why there
 * are no model lines yet. The chart itself only has room for each line's name and value.
 */
import { describeMeasure, formatLossRate, formatRtt, type TheoryLines } from '../theory/referenceLines';

export interface TheoryControlProps {
  on: boolean;
  onChange(on: boolean): void;
  theory: TheoryLines | null;
}

export function TheoryControl({ on, onChange, theory }: TheoryControlProps) {
  const m = theory?.measure;
  const hasModels = theory?.lines.some((l) => l.kind !== 'capacity') ?? false;
  return (
    <div className="theory-control">
      <label title="On the throughput chart: the bottleneck capacity, and the Mathis and Padhye rates at the loss and RTT this run has measured so far (docs/theory.md)">
        <input type="checkbox" checked={on} data-testid="theory-lines" onChange={(e) => onChange(e.currentTarget.checked)} />
        Theory lines
      </label>
      {on && theory && (
        <span className="theory-basis" data-testid="theory-basis" role="status">
          for {theory.subject}
          {hasModels && m && m.p !== null && m.rtt !== null && (
            <>
              {': '}
              <span data-testid="theory-p" data-value={m.p} title={describeMeasure(m)}>
                p = {formatLossRate(m.p)} ({m.indications.toLocaleString('en-US')} loss events in {m.segmentsSent.toLocaleString('en-US')}{' '}
                segments)
              </span>
              {', '}
              <span data-testid="theory-rtt" data-value={m.rtt}>
                RTT = {formatRtt(m.rtt)}
              </span>
            </>
          )}
          {theory.notes.length > 0 && <span data-testid="theory-note">{`${hasModels ? '; ' : ': '}${theory.notes.join('; ')}`}</span>}
        </span>
      )}
    </div>
  );
}
