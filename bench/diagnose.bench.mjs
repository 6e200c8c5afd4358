// Diagnose figures: a 10 MB log with one error in the middle, linearity (20 MB vs 10 MB), a pathological input;
// peer: GNU grep -E with the same knowledge-base patterns over the same file, in the same run.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { measureAsync, measureCommand } from './measure.mjs';

export const title = 'Diagnose: pasted logs against the knowledge base';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MiB = 1024 * 1024;
const ERROR_LINE =
  "2021-04-09 19:52:41.024315: W tensorflow/stream_executor/platform/default/dso_loader.cc:60] Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No such file or directory";

/** Training-log chatter with CUDA words in it (and some near-misses), the error line in the middle. */
function makeLog(bytes) {
  const lines = [];
  let size = 0;
  for (let index = 0; size < bytes; index += 1) {
    const line =
      index % 50 === 0
        ? `2021-04-09 19:52:41.${String(index).padStart(6, '0')}: I tensorflow/stream_executor/platform/default/dso_loader.cc:53] Successfully opened dynamic library libcudnn.so.8`
        : index % 97 === 0
          ? `W0409 19:52:41 ${index} warnings.py:109] CUDA out of memo... retrying with a smaller batch`
          : `epoch ${index % 90} step ${index}: loss=${((index * 7919) % 1000) / 1000} lr=0.001 gpu_mem=${index % 24000}MiB cuda stream ok`;
    lines.push(line);
    size += line.length + 1;
  }
  lines.splice(Math.floor(lines.length / 2), 0, ERROR_LINE);
  return `${lines.join('\n')}\n`;
}

/** JS knowledge-base patterns as POSIX ERE for grep -E; lookarounds have no ERE form, so those patterns are left out. */
function toEre(source) {
  if (/\(\?[=!]|\(\?<[=!]/.test(source)) return null;
  let out = '';
  let inClass = false;
  for (let at = 0; at < source.length; at += 1) {
    const c = source[at];
    if (c === '\\') {
      const next = source[at + 1];
      at += 1;
      const classes = { d: ['[0-9]', '0-9'], w: ['[[:alnum:]_]', '[:alnum:]_'], s: ['[[:space:]]', '[:space:]'] };
      if (classes[next]) out += classes[next][inClass ? 1 : 0];
      else if (inClass) out += next === ']' || next === '\\' ? `\\${next}` : next;
      else if (/[A-Za-z0-9]/.test(next) && next !== 'b') return null;
      else if (next === '"' || next === "'") out += next;
      else out += `\\${next}`;
      continue;
    }
    if (!inClass && c === '(' && source[at + 1] === '?') {
      const named = /^\(\?<[A-Za-z_]\w*>/.exec(source.slice(at));
      const skip = named ? named[0].length : source.startsWith('(?:', at) ? 3 : 0;
      if (!skip) return null;
      out += '(';
      at += skip - 1;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    out += c;
  }
  return out;
}

function grepPatterns(table, dir, cudaErrorPatterns) {
  const accepted = [];
  let total = 0;
  for (const entry of table.entries) {
    // The same triggers ours compiles: the row's own and those its CUDA errors give (data/cuda-errors.json).
    for (const source of [...entry.patterns, ...cudaErrorPatterns(entry.cudaErrors ?? []), ...(entry.extract ?? [])]) {
      total += 1;
      const ere = toEre(source);
      if (!ere) continue;
      const check = spawnSync('grep', ['-E', '-e', ere, '/dev/null']);
      if (check.status === 2) continue;
      accepted.push(ere);
    }
  }
  const file = path.join(dir, 'patterns.ere');
  writeFileSync(file, `${accepted.join('\n')}\n`);
  return { file, used: accepted.length, total };
}

export async function run() {
  const { diagnoseText } = await import(pathToFileURL(path.join(root, 'dist', 'main', 'diagnose', 'diagnoseText.js')).href);
  const { cudaErrorPatterns } = await import(pathToFileURL(path.join(root, 'dist', 'main', 'diagnose', 'cudaErrorPatterns.js')).href);
  const table = JSON.parse(readFileSync(path.join(root, 'data', 'errors.json'), 'utf8'));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-bench-diagnose-'));
  try {
    const log10 = makeLog(10 * MiB);
    const log20 = makeLog(20 * MiB);
    const file10 = path.join(dir, 'log10.txt');
    writeFileSync(file10, log10);
    const found = diagnoseText(log10).diagnoses.map((diagnosis) => diagnosis.code).join(',');
    if (found !== 'CUDA_LIB_MISSING') throw new Error(`the 10 MB log gave ${found || 'nothing'}, expected CUDA_LIB_MISSING`);
    diagnoseText(log20);

    const ours10 = await measureAsync(() => diagnoseText(log10), 7);
    const ours20 = await measureAsync(() => diagnoseText(log20), 5);
    const patterns = grepPatterns(table, dir, cudaErrorPatterns);
    const env = { ...process.env, LC_ALL: 'C' };
    const grepRun = spawnSync('grep', ['-E', '-i', '-c', '-f', patterns.file, file10], { env, encoding: 'utf8' });
    if (grepRun.status !== 0) throw new Error(`grep -E failed: ${grepRun.stderr}`);
    const peer10 = measureCommand(['grep', '-E', '-i', '-c', '-f', patterns.file, file10], { runs: 7, env }).ms;

    const pathological = `${'a'.repeat(MiB)}\n${'Loaded runtime CuDNN library: 7.x but source was compiled with: ?? cannot open shared object file\n'.repeat(20000)}`;
    const oursBad = await measureAsync(() => diagnoseText(pathological), 5);
    // A pasted text read in the user's language (apt's zh_CN lock sentence, its three values never closed), near 1 MB.
    const translatedBad = '无法获得锁 。锁正由进程 （'.repeat(70_000);
    const oursTranslated = await measureAsync(() => diagnoseText(translatedBad), 5);

    return [
      {
        name: '10 MB log, one error in the middle',
        ours: ours10,
        peer: peer10,
        peerName: `grep -E -i -f (${patterns.used}/${patterns.total} patterns, LC_ALL=C)`,
        unit: 'ms',
        note: `target < 1000 ms; grep counts ${grepRun.stdout.trim()} matching line(s); ours also recognises the kind and extracts facts`,
      },
      { name: 'linearity: time(20 MB) / time(10 MB)', ours: ours20 / ours10, peer: null, unit: '×', note: `20 MB in ${ours20.toFixed(0)} ms; 2.0 = linear` },
      { name: 'pathological: 1 MB of "a" + 20k near-miss lines', ours: oursBad, peer: null, unit: 'ms', note: 'no catastrophic backtracking' },
      { name: 'pathological: ~1 MB of half a translated apt sentence', ours: oursTranslated, peer: null, unit: 'ms', note: 'no catastrophic backtracking in the translated reading' },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
