import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { hasControlChar } from '../../../shared/quote/controlChars.js';
import { HOSTILE_STRINGS } from '../../../shared/quote/hostileStrings.js';
import { shellShape } from '../../../testkit/export/shellShape.js';
import { upsertMarkedBlock } from '../markedBlock.js';
import { envBlockBody, envVarsStep, ldConfContent, type EnvVarsParams } from './envVarsStep.js';

const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-envblock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const pwned = path.join(dir, 'pwned');
const refused = expect.objectContaining({ code: 'INVALID_ARGUMENT' });

/** Sources the marked block as a login shell sources /etc/profile.d (or `source bin/activate`), then prints the variables. */
function sourceBlock(body: string): { cudaHome: string; libraryPath: string; stderr: string } {
  const file = path.join(dir, 'dlsetup-cuda.sh');
  writeFileSync(file, upsertMarkedBlock('# a line the admin wrote\n', 'cuda', body));
  const result = spawnSync('sh', ['-c', '. "$1" && printf "%s\\0%s" "$CUDA_HOME" "$LD_LIBRARY_PATH"', 'sh', file], { cwd: dir, encoding: 'utf8', env: { PATH: '/usr/bin:/bin', HOME: dir } });
  const [cudaHome = '', libraryPath = ''] = result.stdout.split('\0');
  return { cudaHome, libraryPath, stderr: result.stderr };
}

const params = (scope: EnvVarsParams['scope'], cudaHome: string, libraryPaths: string[] = []): EnvVarsParams => ({ scope, cudaHome, libraryPaths, shellRc: '/home/me/.bashrc', envPath: '/home/me/env' });

describe('the env-vars step\'s profile.d and activate blocks keep a hostile CUDA_HOME as data', () => {
  test.each([
    ['system (/etc/profile.d/dlsetup-cuda.sh)', 'system'],
    ['environment (bin/activate)', 'environment'],
  ] as const)('%s: "/usr/local/cuda-12.9;touch …" from a plan runs nothing when a shell starts', (_label, scope) => {
    rmSync(pwned, { force: true });
    for (const cudaHome of [`/usr/local/cuda-12.9;touch ${pwned}`, `/usr/local/cuda-$(touch ${pwned})`, `/usr/local/cuda-\`touch ${pwned}\``]) {
      let parsed: EnvVarsParams;
      try {
        parsed = envVarsStep.parse({ scope, cudaHome, envPath: '/home/me/env' });
      } catch (error) {
        expect(error).toEqual(refused);
        continue;
      }
      const shell = sourceBlock(envBlockBody(parsed));
      expect(existsSync(pwned), `${cudaHome} ran a command`).toBe(false);
      expect(shell.cudaHome).toBe(cudaHome);
      if (scope === 'environment') expect(shell.libraryPath).toBe(`${cudaHome}/lib64`);
    }
  });

  test(`every hostile CUDA_HOME and library folder (${HOSTILE_STRINGS.length} strings × 2 fields × 2 scopes): refused, or the block keeps the benign structure and sets exactly the value`, () => {
    const benign = { system: shellShape(envBlockBody(params('system', '/usr/local/cuda-12.6'))), environment: shellShape(envBlockBody(params('environment', '/usr/local/cuda-12.6', ['/opt/x']))) };
    let kept = 0;
    for (const value of HOSTILE_STRINGS) {
      for (const scope of ['system', 'environment'] as const) {
        for (const hostile of [params(scope, value, scope === 'environment' ? ['/opt/x'] : []), params(scope, '/usr/local/cuda-12.6', [value])]) {
          let body: string;
          try {
            body = envBlockBody(hostile);
          } catch (error) {
            expect(error).toEqual(refused);
            expect(hasControlChar(value) || value.includes('\0')).toBe(true);
            continue;
          }
          if (scope === 'system' && hostile.cudaHome === '/usr/local/cuda-12.6') continue; // system scope writes no library folder into the block
          expect(shellShape(body), JSON.stringify(value).slice(0, 80)).toEqual(benign[scope]);
          kept += 1;
        }
      }
    }
    // The slow part, sourcing for real, for the strings that most want to run something.
    for (const value of HOSTILE_STRINGS.filter((v) => /[$`;&|<>]/.test(v) && !hasControlChar(v)).slice(0, 40)) {
      const shell = sourceBlock(envBlockBody(params('environment', value, ['/opt/x'])));
      expect(existsSync(pwned)).toBe(false);
      expect(shell.cudaHome).toBe(value);
      // Each folder is put in front, so the last one listed comes first.
      expect(shell.libraryPath).toBe(`/opt/x:${value}/lib64`);
    }
    expect(kept).toBeGreaterThan(HOSTILE_STRINGS.length);
  });

  test('ld.so.conf.d refuses a library folder that ldconfig could read as something else', () => {
    expect(ldConfContent(params('system', '/usr/local/cuda-12.6', ['/opt/x']))).toBe('# Managed by DL Setup; `dlsetup rollback` removes it.\n/usr/local/cuda-12.6/lib64\n/opt/x\n');
    // '' + '/lib64' is a plain folder; every other hostile CUDA_HOME is refused.
    for (const value of HOSTILE_STRINGS.filter((v) => v !== '')) expect(() => ldConfContent(params('system', value))).toThrow(refused);
    for (const value of HOSTILE_STRINGS) expect(() => ldConfContent(params('system', '/usr/local/cuda-12.6', [value]))).toThrow(refused);
  });
});
