// GPU lane runner: full (then quick) verification through the built services, saving report JSON, HTML, text and events.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const load = (file) => import(pathToFileURL(path.join(root, 'dist', 'main', 'verify', file)).href);
const { verify } = await load('verify.js');
const { formatVerifyReport } = await load('formatVerifyReport.js');
const { renderHtmlReport } = await load('renderHtmlReport.js');

const [out, ...rest] = process.argv.slice(2);
if (!out) throw new Error('usage: runVerify.mjs OUT_DIR [--nvcc PATH]');
const nvccAt = rest.indexOf('--nvcc');
const nvcc = nvccAt >= 0 ? rest[nvccAt + 1] : undefined;
const python = process.env.DLSETUP_GPU_PYTHON || undefined;
const modes = process.env.DLSETUP_GPU_QUICK === '1' ? [true] : [true, false];

let failedToRun = false;
for (const quick of modes) {
  const name = quick ? 'quick' : 'full';
  const events = [];
  const started = Date.now();
  try {
    const report = await verify({ python, quick, toolkit: Boolean(nvcc), nvcc, onEvent: (event) => events.push({ t: Date.now() - started, ...event }) });
    writeFileSync(path.join(out, `report-${name}.json`), `${JSON.stringify(report, null, 2)}\n`);
    writeFileSync(path.join(out, `report-${name}.html`), renderHtmlReport(report));
    writeFileSync(path.join(out, `report-${name}.txt`), formatVerifyReport(report));
    process.stdout.write(formatVerifyReport(report));
    process.stdout.write(`GPU lane: ${name} verify took ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  } catch (error) {
    failedToRun = true;
    process.stdout.write(`GPU lane: ${name} verify threw: ${error?.stack ?? error}\n`);
  }
  writeFileSync(path.join(out, `events-${name}.jsonl`), events.map((event) => JSON.stringify(event)).join('\n') + '\n');
}
process.exitCode = failedToRun ? 1 : 0;
