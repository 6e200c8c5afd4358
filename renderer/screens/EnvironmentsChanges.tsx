import type { EnvironmentsSay } from '../../shared/environments/environmentWords.js';
import { sinceWords } from '../../shared/environments/sinceWords.js';
import type { EnvironmentsReport } from '../../shared/types/environments.js';

/** What changed per environment since the last run kept, and what a driver change means for each (the CLI's lines, from the engine's `since`). */
export function EnvironmentsChanges({ report, say }: { report: Pick<EnvironmentsReport, 'driver' | 'environments' | 'since'>; say: EnvironmentsSay }) {
  const words = sinceWords(report, say);
  if (!words) return null;
  if (words.items.length === 0) return <p data-testid="environments-since">{words.heading}</p>;
  return (
    <div className="environments-since" data-testid="environments-since">
      <p id="environments-since-heading">{words.heading}</p>
      <ul aria-labelledby="environments-since-heading">
        {words.items.map((item) => (
          <li key={item.path} data-environment={item.name}>{item.text}</li>
        ))}
      </ul>
    </div>
  );
}
