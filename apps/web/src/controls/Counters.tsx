/** Running totals from the engine's summary (refreshed about 4 times a second). */
import { useId } from 'react';
import { formatCount, formatSeconds, formatThroughput } from '../format';
import { Term } from '../glossary/Term';
import type { TermId } from '../glossary/terms';
import type { SummaryLike } from '../sim/controller';
import { useSimState } from '../sim/simContext';

interface Counter {
  id: string;
  label: string;
  value: number | undefined;
  text: (v: number | undefined) => string;
  /** The glossary entry that explains it. */
  term?: TermId;
}

/**
 * With the scenario's `measure`, what the counters cover ("Counted over 1.00 s to 5.00 s,
 * warm-up left out"): the engine's own window, so a number here is never read as the whole run's.
 */
export function countedWindow(summary: SummaryLike | null): string | null {
  const m = summary?.measure;
  if (m?.from === undefined || m.to === undefined) return null;
  return `Counted over ${formatSeconds(m.from)} to ${formatSeconds(m.to)} (measure), warm-up left out`;
}

export function counters(summary: SummaryLike | null): Counter[] {
  const flows = summary?.flows;
  const sum = (key: 'retransmits' | 'rtos') => (flows ? flows.reduce((acc, f) => acc + (f[key] ?? 0), 0) : undefined);
  return [
    { id: 'bursts-sent', label: 'Bursts sent', value: summary?.bursts?.sent, text: formatCount, term: 'burst' },
    { id: 'data-dropped', label: 'Data bursts dropped', value: summary?.bursts?.data?.dropped, text: formatCount, term: 'dataBurst' },
    { id: 'ack-dropped', label: 'ACK bursts dropped', value: summary?.bursts?.ack?.dropped, text: formatCount, term: 'ackBurst' },
    { id: 'goodput', label: 'Mean goodput', value: summary?.aggregate?.goodput, text: formatThroughput, term: 'goodput' },
    { id: 'retransmits', label: 'Retransmitted segments', value: sum('retransmits'), text: formatCount, term: 'segment' },
    { id: 'rtos', label: 'Timeouts (RTO)', value: sum('rtos'), text: formatCount, term: 'rto' },
  ];
}

/** @param className another place for them (the lesson column in presenter mode, lessons/LessonPanel.tsx) */
export function Counters({ className = 'counters' }: { className?: string }) {
  const { summary } = useSimState();
  // Two copies may be in the page at once (the sidebar's, hidden in presenter mode, and the lesson's).
  const titleId = useId();
  return (
    <section className={className} aria-labelledby={titleId}>
      <h2 id={titleId}>Counters</h2>
      {countedWindow(summary) && (
        <p className="counters-window" data-testid={className === 'counters' ? 'counters-window' : undefined}>
          {countedWindow(summary)}
        </p>
      )}
      <dl>
        {counters(summary).map((c) => (
          <div key={c.id} className="counter">
            <dt>{c.term ? <Term id={c.term}>{c.label}</Term> : c.label}</dt>
            <dd data-testid={className === 'counters' ? `counter-${c.id}` : undefined} data-value={c.value ?? ''}>
              {c.text(c.value)}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
