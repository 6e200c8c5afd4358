import { readFile } from 'node:fs/promises';
import { DlsetupError } from '../../../shared/errors.js';
import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { diagnoseOnMachine } from '../../diagnose/diagnoseOnMachine.js';
import { formatDiagnosis } from '../../diagnose/formatDiagnosis.js';
import { UsageError } from '../parseArgs.js';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function readInput(source: string | undefined): Promise<string> {
  if (source === undefined || source === '-') {
    if (source === undefined && process.stdin.isTTY) throw new UsageError('give a FILE, or pipe the text in: nvidia-smi 2>&1 | dlsetup diagnose -');
    return readStdin();
  }
  try {
    return await readFile(source, 'utf8');
  } catch (cause) {
    throw new DlsetupError('NOT_FOUND', `Cannot read "${source}": ${(cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : 'not readable'}.`, { cause });
  }
}

export const diagnoseCommand: CliCommand = {
  positionals: '[FILE|-]',
  maxPositionals: 1,
  flags: {
    lang: LANG_FLAG,
    'no-machine': { type: 'boolean', description: "do not add this machine's detected facts (diagnosing text from another machine)" },
    json: JSON_FLAG,
  },
  async run({ flags, positionals }, io) {
    const text = await readInput(positionals[0]);
    if (!text.trim()) throw new UsageError('the input is empty: paste an error message or tool output');
    const result = await diagnoseOnMachine(text, { locale: commandLocale(flags, process.env), useMachine: !flags['no-machine'] });
    io.out(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatDiagnosis(result, { color: io.color }));
    return 0;
  },
};
