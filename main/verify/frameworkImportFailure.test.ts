import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runFrameworkCheck } from './runFrameworkCheck.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-fakefw-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** An installed framework whose import fails the way a CUDA build does on a machine without its libraries. */
function brokenFramework(module: string, error: string): string {
  const dir = path.join(root, module);
  mkdirSync(path.join(dir, module), { recursive: true });
  writeFileSync(path.join(dir, module, '__init__.py'), `raise ImportError(${JSON.stringify(error)})\n`);
  const wrapper = path.join(dir, 'python');
  writeFileSync(wrapper, `#!/bin/sh\nPYTHONPATH=${dir} exec /usr/bin/python3 "$@"\n`, { mode: 0o755 });
  return wrapper;
}

describe('a framework that is installed but cannot be imported', () => {
  it.each([
    ['tensorflow', 'libcudart.so.11.0: cannot open shared object file: No such file or directory', 'CUDA_LIB_MISSING'],
    ['jax', 'libcudnn.so.9: cannot open shared object file: No such file or directory', 'CUDNN_LIB_MISSING'],
  ])('%s: the import failure is a failed check with the diagnosis code, not a crash', async (framework, error, code) => {
    const result = await runFrameworkCheck({ python: brokenFramework(framework, error), framework: framework as 'tensorflow' | 'jax', quick: true });
    expect(result.checks).toContainEqual(expect.objectContaining({ id: 'framework-import', status: 'fail', code, reason: expect.stringContaining(error.split(':')[0]!) }));
  });
});
