#!/usr/bin/env node
// `npm run audit:electron`: Electronegativity over the Electron shell, the transports and the page; fails on any
// finding of medium or higher severity that is not a reviewed one listed below with the test that covers it.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const electronVersion = JSON.parse(readFileSync(path.join(root, 'node_modules', 'electron', 'package.json'), 'utf8')).version;

/** "Review required" checks we reviewed; each names why it is safe and which test proves it. */
const REVIEWED = {
  PRELOAD_JS_CHECK: 'the preload exposes one function per contract channel and never ipcRenderer (e2e/electron/security.spec.ts, typetests/contractCoverage.ts)',
};

const scanDir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-audit-'));
try {
  cpSync(path.join(root, 'main', 'electron'), path.join(scanDir, 'electron'), { recursive: true, filter: (file) => !file.endsWith('.test.ts') });
  cpSync(path.join(root, 'main', 'transport'), path.join(scanDir, 'transport'), { recursive: true, filter: (file) => !file.endsWith('.test.ts') });
  cpSync(path.join(root, 'renderer', 'index.html'), path.join(scanDir, 'index.html'));
  const report = path.join(scanDir, 'report.csv');
  const result = spawnSync(path.join(root, 'node_modules', '.bin', 'electronegativity'), ['-i', scanDir, '-r', '-v', 'false', '-e', electronVersion, '-o', report], {
    cwd: scanDir,
    encoding: 'utf8',
    timeout: 180_000,
  });
  if (result.status !== 0) throw new Error(`electronegativity failed: ${result.stderr || result.error}`);
  const rows = readFileSync(report, 'utf8').trim().split('\n').slice(1).filter(Boolean).map((line) => {
    const [issue, severity, confidence, file, location] = line.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
    return { issue, severity, confidence, file, location };
  });
  const serious = rows.filter((row) => ['MEDIUM', 'HIGH', 'CRITICAL'].includes(row.severity));
  const unreviewed = serious.filter((row) => !REVIEWED[row.issue]);
  for (const row of serious) {
    const mark = REVIEWED[row.issue] ? `reviewed: ${REVIEWED[row.issue]}` : 'FINDING';
    process.stdout.write(`audit: ${row.severity} ${row.issue} ${row.file}:${row.location} — ${mark}\n`);
  }
  process.stdout.write(`audit: Electronegativity (Electron ${electronVersion}): ${rows.length} finding(s), ${serious.length} medium or higher, ${unreviewed.length} unreviewed\n`);
  process.exitCode = unreviewed.length === 0 ? 0 : 1;
} finally {
  rmSync(scanDir, { recursive: true, force: true });
}
