#!/usr/bin/env node
// `npm run test:platform`: runs the tests scripts/platformTests.mjs assigns to this OS and fails if any of them skipped,
// so a platform test that silently skips on its own OS cannot pass CI.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PLATFORM_TESTS } from './platformTests.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const mine = PLATFORM_TESTS.filter((test) => test.os === process.platform);
const unitFiles = [...new Set(mine.filter((test) => test.runner !== 'electron').map((test) => test.file))];
const electron = mine.some((test) => test.runner === 'electron');
let failed = false;

if (unitFiles.length) {
  const report = path.join(mkdtempSync(path.join(os.tmpdir(), 'dlsetup-platform-')), 'vitest.json');
  const vitest = path.join(root, 'node_modules', 'vitest', 'vitest.mjs');
  const run = spawnSync(process.execPath, [vitest, 'run', ...unitFiles, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) failed = true;
  const results = JSON.parse(readFileSync(report, 'utf8'));
  const skipped = results.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status !== 'passed').map((test) => `${path.relative(root, file.name)}: ${test.fullName} (${test.status})`));
  for (const line of skipped) process.stderr.write(`test:platform: did not pass on its own OS: ${line}\n`);
  if (skipped.length) failed = true;
}
if (electron) {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts', 'testElectron.mjs')], { cwd: root, stdio: 'inherit', env: { ...process.env, DLSETUP_REQUIRE_ELECTRON: '1' } });
  if (run.status !== 0) failed = true;
}
process.stdout.write(`test:platform: ${mine.length} platform tests for ${process.platform}${failed ? ', some failed or skipped' : ', all passed'}\n`);
process.exit(failed ? 1 : 0);
