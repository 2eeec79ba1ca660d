/**
 * "Starts from": the line a sweep's or a comparison's form opens with. Without live
 * changes it names the scenario on screen; with them it offers the run as watched (its
 * changes replayed at their times, the default) or the values on screen from t = 0, and
 * warns when a change sets a field the form varies (from then on the change's value holds).
 */
import { changesInWords, type BaseChoice, type RunBases } from '../store/runBases';
import './startsFrom.css';

export function StartsFrom({
  bases,
  choice,
  onChoice,
  overridden,
  leftOut = 0,
  testId,
}: {
  bases: RunBases;
  choice: BaseChoice;
  onChoice: (c: BaseChoice) => void;
  /** The changes that set a field the form varies, in words. */
  overridden: readonly string[];
  /** Changes after the runs' end, left out of them. */
  leftOut?: number;
  testId: string;
}) {
  if (bases.changes.length === 0) {
    return (
      <p className="starts-from" data-testid={testId} data-base="now">
        Starts from the scenario on screen, at t = 0.
      </p>
    );
  }
  const n = bases.changes.length;
  return (
    <fieldset className="starts-from" data-testid={testId} data-base={choice}>
      <legend>Starts from</legend>
      <label>
        <input type="radio" name={`${testId}-base`} checked={choice === 'watched'} onChange={() => onChoice('watched')} />
        the run as watched, its {n === 1 ? 'live change' : `${n} live changes`} replayed at {n === 1 ? 'its time' : 'their times'}:{' '}
        {changesInWords(bases)}
      </label>
      <label>
        <input type="radio" name={`${testId}-base`} checked={choice === 'now'} onChange={() => onChoice('now')} />
        the values on screen now, from t = 0
      </label>
      {choice === 'watched' && leftOut > 0 && (
        <p className="starts-from-warning" role="note" data-testid={`${testId}-left-out`}>
          {leftOut === n ? (n === 1 ? 'It comes' : 'They all come') : `${leftOut} of them come`} after the runs end, so{' '}
          {leftOut === 1 ? 'it is' : 'they are'} not in them.
        </p>
      )}
      {choice === 'watched' && overridden.length > 0 && (
        <p className="starts-from-warning" role="note" data-testid={`${testId}-overridden`}>
          From its time, {overridden.length === 1 ? 'this change sets' : 'these changes set'} what is varied here, over its value:{' '}
          {overridden.join('; ')}.
        </p>
      )}
    </fieldset>
  );
}
