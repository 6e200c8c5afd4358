import { describe, expect, it } from 'vitest';
import { sayError } from '../../shared/i18n/sayError.js';
import type { ProgressEvent } from '../../shared/types/install.js';
import { attacksThrough, dangerousCodePoints, taggedAttacks } from '../../testkit/terminal/terminalAttacks.js';
import { installText } from '../system/installText.js';
import { createNdjsonProgressPrinter, createTextProgressPrinter } from '../install/progressPrinters.js';
import type { CliIo } from './cliCommand.js';
import { terminalSafeIo } from './terminalIo.js';
import { captureIo } from './testIo.js';

const TAGGED = taggedAttacks();
const ATTACKS = TAGGED.map(([, attack]) => attack).join('');

/** A terminal: stdout and stderr captured, colour as asked, and a redraw that writes carriage return and erase-line. */
function terminal(color: boolean) {
  const io = captureIo();
  const raw: CliIo = { ...io, color, redrawErr: (line) => io.err(`\r\u001b[K${line}`) };
  return { safe: terminalSafeIo(raw), stdout: io.stdout, stderr: io.stderr };
}

describe('the terminal-safe printer main() puts around every CliIo', () => {
  it('--json-progress: each line is the event, parsed back unchanged, with no raw control, C1 or bidi character', () => {
    const { safe, stdout } = terminal(true);
    const print = createNdjsonProgressPrinter(safe.out);
    const events = [
      { type: 'step-log', runId: 'r1', seq: 1, time: '2026-01-01T00:00:00.000Z', stepId: 'fw', stream: 'stdout', line: `Collecting torch${ATTACKS}` },
      { type: 'step-finished', runId: 'r1', seq: 2, time: '2026-01-01T00:00:01.000Z', stepId: 'fw', state: 'failed', message: `pip: ${ATTACKS}` },
    ] as ProgressEvent[];
    events.forEach(print);
    expect(dangerousCodePoints(stdout())).toEqual([]);
    expect(attacksThrough(stdout(), TAGGED)).toEqual([]);
    expect(stdout().trimEnd().split('\n').map((line) => JSON.parse(line) as ProgressEvent)).toEqual(events);
    console.log(`terminal-safe output, --json-progress lines: ${TAGGED.length * 2} attacks tried, ${attacksThrough(stdout(), TAGGED).length} got through`);
  });

  it("a redrawn progress bar: the product's carriage return and erase-line, the step's detail escaped", () => {
    const { safe, stderr } = terminal(true);
    const print = createTextProgressPrinter(safe.err, { redraw: safe.redrawErr });
    print({ type: 'step-progress', runId: 'r1', seq: 1, time: '2026-01-01T00:00:00.000Z', stepId: 'fw', fraction: 0.5, overall: 0.5, detail: `Downloading${ATTACKS}` } as ProgressEvent);
    expect(stderr().startsWith('\r\u001b[K    [50%] Downloading{oscWindowTitle}\\u001b]0;pwned\\u0007')).toBe(true);
    expect(dangerousCodePoints(stderr().slice('\r\u001b[K'.length))).toEqual([]);
  });

  it("a BUSY error naming a lock holder's file, and an unexpected error's detail naming its owner, reach stderr escaped", () => {
    const { safe, stderr } = terminal(true);
    const busy = installText('en').error('BUSY', 'download.busy', { file: `torch.whl${ATTACKS}`, pid: 4242 });
    safe.err(`dlsetup install: ${sayError(busy, 'en')} [${busy.code}]\n`);
    safe.err(`  /run/dlsetup/install.lock is held by process 4242 (install ${ATTACKS})\n`);
    expect(stderr()).toContain('torch.whl{oscWindowTitle}\\u001b]0;pwned\\u0007');
    expect(dangerousCodePoints(stderr())).toEqual([]);
    console.log(`terminal-safe output, lock BUSY message and error detail: ${TAGGED.length * 2} attacks tried, ${attacksThrough(stderr(), TAGGED).length} got through`);
  });
});
