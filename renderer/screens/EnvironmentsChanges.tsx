import { changeWords, sinceDate, type EnvironmentsSay } from '../../shared/environments/environmentWords.js';
import type { EnvironmentsReport } from '../../shared/types/environments.js';

/** What changed per environment since the last run kept (the CLI's "Since the last run" lines, from the engine's `since`). */
export function EnvironmentsChanges({ since, say }: { since: NonNullable<EnvironmentsReport['since']>; say: EnvironmentsSay }) {
  const date = sinceDate(since);
  if (since.changes.length === 0) return <p data-testid="environments-since">{say('noChanges', { date })}</p>;
  return (
    <div className="environments-since" data-testid="environments-since">
      <p id="environments-since-heading">{say('since', { date, driver: since.driver ?? '-' })}</p>
      <ul aria-labelledby="environments-since-heading">
        {since.changes.map((change) => (
          <li key={change.path} data-environment={change.name}>{changeWords(change, say)}</li>
        ))}
      </ul>
    </div>
  );
}
