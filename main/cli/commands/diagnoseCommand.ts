import type { Locale } from '../../../shared/i18n/localize.js';
import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { diagnoseOnMachine } from '../../diagnose/diagnoseOnMachine.js';
import { formatDiagnosis } from '../../diagnose/formatDiagnosis.js';
import { decodeText, readUntrustedFile } from '../../system/readUntrustedFile.js';
import { untrustedInputText } from '../../system/untrustedInputText.js';
import { usageError } from '../parseArgs.js';

/** A whole CI log or journal export fits; diagnosing 64 MB takes about 3 s (it is linear), so more would only be a wait. */
const INPUT_MAX_BYTES = 64 * 1024 * 1024;
const INPUT_MAX_MB = INPUT_MAX_BYTES / (1024 * 1024);

async function readStdin(locale: Locale): Promise<string> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    total += (chunk as Buffer).length;
    // `cat /dev/zero | dlsetup diagnose -` would otherwise fill the memory.
    if (total > INPUT_MAX_BYTES) throw untrustedInputText(locale).error('INVALID_ARGUMENT', 'stdin.tooLarge', { limit: INPUT_MAX_MB });
    chunks.push(chunk as Buffer);
  }
  return decodeText(Buffer.concat(chunks, total));
}

async function readInput(source: string | undefined, locale: Locale): Promise<string> {
  if (source === undefined || source === '-') {
    if (source === undefined && process.stdin.isTTY) throw usageError('usage.diagnoseInput');
    return readStdin(locale);
  }
  return readUntrustedFile(source, { maxBytes: INPUT_MAX_BYTES, utf8: 'lenient', refuseBinary: true, locale });
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
    const locale = commandLocale(flags, process.env);
    const text = await readInput(positionals[0], locale);
    if (!text.trim()) throw usageError('usage.emptyInput');
    const result = await diagnoseOnMachine(text, { locale, useMachine: !flags['no-machine'] });
    io.out(flags.json ? `${JSON.stringify(result, null, 2)}\n` : formatDiagnosis(result, { color: io.color }));
    return 0;
  },
};
