/**
 * A stand-in for Windows PowerShell in tests on Linux: decodes -EncodedCommand, reads the Start-Process statement with
 * the parser models, records what it would start, and then either "consents" (starts it, detached, as the elevated
 * process would be) or "declines" (exits 1223 with PowerShell's message). FAKE_UAC_ANSWER=no declines.
 */
import { spawn } from 'node:child_process';
import { appendFileSync, openSync } from 'node:fs';
import { parseStartProcess } from './windowsCommandLine.js';

const argv = process.argv.slice(2);
const at = argv.indexOf('-EncodedCommand');
const script = Buffer.from(argv[at + 1] ?? '', 'base64').toString('utf16le');
const { file, args } = parseStartProcess(script);
if (process.env.FAKE_UAC_LOG) appendFileSync(process.env.FAKE_UAC_LOG, `${JSON.stringify({ flags: argv.slice(0, at), file, args })}\n`);
if (process.env.FAKE_UAC_ANSWER === 'no') {
  process.stderr.write('This command cannot be run due to the error: The operation was canceled by the user.\n');
  process.exit(1223);
}
const stderr = process.env.FAKE_UAC_HELPER_STDERR ? openSync(process.env.FAKE_UAC_HELPER_STDERR, 'a') : 'ignore';
const helper = spawn(file, args, { detached: true, stdio: ['ignore', 'ignore', stderr] });
helper.unref();
process.stdout.write(`${helper.pid}\n`);
