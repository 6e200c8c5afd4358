import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { VerifyReport } from '../../shared/types/verify.js';
import { reportScriptPath } from '../export/verifyAssets.js';
import { SYSTEM_PYTHON } from '../../testkit/debianTorch.js';
import { exportedCheckScript, exportedReportScript } from './exportedScripts.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-exported-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The exported check script, alone in a folder as an export ships it (no sibling modules, no data/). */
const checkScript = path.join(dir, 'dlsetup_check.py');
writeFileSync(checkScript, exportedCheckScript(), { mode: 0o755 });

const PY38 = [`${os.homedir()}/.pyenv/versions/3.8.18/bin/python`, '/usr/bin/python3.8'].find((file) => existsSync(file));

function classify(python: string, text: string): string | null {
  const out = execFileSync(python, [checkScript, '--classify'], { input: text, encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
  return (JSON.parse(out) as { code: string | null }).code;
}

describe('the check script as exports ship it: one file', () => {
  it("carries data/errors.json's patterns and the running frameworks' wordings", () => {
    // Only errors.json says this one; only the script's own wordings say the second.
    expect(classify(SYSTEM_PYTHON, 'RuntimeError: CUBLAS failure 3: CUBLAS_STATUS_ALLOC_FAILED ; GPU=0 ;')).toBe('OUT_OF_MEMORY');
    // Its non-ASCII wordings (a curly apostrophe here) travel escaped and still match.
    expect(classify(SYSTEM_PYTHON, 'nvidia-smi can’t communicate with the NVIDIA driver')).toBe('DRIVER_NOT_LOADED');
    expect(classify(SYSTEM_PYTHON, 'RuntimeError: No CUDA GPUs are available')).toBe('NO_DEVICES_FOUND');
  });

  it.skipIf(!PY38)('runs on the oldest Python the app supports (3.8)', () => {
    expect(classify(PY38!, 'RuntimeError: CUDA error: invalid device function')).toBe('NO_KERNEL_IMAGE');
  });

  it('refuses to join modules that define the same name', () => {
    const clash = mkdtempSync(path.join(dir, 'clash-'));
    writeFileSync(path.join(clash, 'dlsetup_check_a.py'), 'def helper():\n    return 1\n');
    writeFileSync(path.join(clash, 'dlsetup_check.py'), '"""Entry."""\nimport sys\n\nfrom dlsetup_check_a import helper\n\n\ndef helper():\n    return 2\n');
    expect(() => exportedCheckScript(path.join(clash, 'dlsetup_check.py'))).toThrow(/helper is defined in both dlsetup_check_a.py and dlsetup_check.py/);
  });
});

describe('the report script as exports ship it', () => {
  it('words the check script\'s sentences in English, as `dlsetup verify --json` does', () => {
    const venv = path.join(dir, 'venv');
    execFileSync(SYSTEM_PYTHON, ['-m', 'venv', '--without-pip', venv]);
    const python = path.join(venv, 'bin', 'python');
    const reportScript = path.join(dir, 'dlsetup_report.py');
    writeFileSync(reportScript, exportedReportScript(readFileSync(reportScriptPath, 'utf8')));
    const out = path.join(dir, 'report.json');
    try {
      execFileSync(SYSTEM_PYTHON, [reportScript, '--python', python, '--check', checkScript, '--quick', '--out', out], { encoding: 'utf8' });
    } catch (error) {
      // Exit status 2: a check failed (here: no framework), the report is still written.
      expect((error as { status?: number }).status).toBe(2);
    }
    const report = JSON.parse(readFileSync(out, 'utf8')) as VerifyReport;
    expect(report.checks).toEqual([
      { id: 'framework-present', status: 'fail', code: 'FRAMEWORK_MISSING', source: 'framework', reason: `No pytorch / tensorflow / jax / paddlepaddle is installed in ${python}.` },
    ]);
  });
});
