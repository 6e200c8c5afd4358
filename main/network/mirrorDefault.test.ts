import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loopbackServers } from '../../testkit/network/loopbackServers.js';
import { delayedPipIndex, overlayMirrorIndexes, refusedBase } from '../../testkit/network/mirrorIndexes.js';
import { measureMirrorDefault, mirrorStepValue } from './mirrorDefault.js';

const servers = loopbackServers();
const dirs: string[] = [];
const savedDataDir = process.env.DLSETUP_DATA_DIR;

/** data/mirrors.json with each mirror's index at the given base URL (the official row is not measured: left as is). */
function mirrorsAt(bases: Record<string, string>): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-mirrors-'));
  dirs.push(dir);
  process.env.DLSETUP_DATA_DIR = overlayMirrorIndexes(dir, bases);
}

afterEach(() => {
  if (savedDataDir === undefined) delete process.env.DLSETUP_DATA_DIR;
  else process.env.DLSETUP_DATA_DIR = savedDataDir;
});
afterAll(async () => {
  await servers.closeAll();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the default mirror for a Chinese locale', () => {
  it('picks the mirror whose index answered first, and its PyTorch wheels when it carries them', async () => {
    mirrorsAt({
      tuna: await servers.listen(delayedPipIndex(400), '127.0.0.1'),
      aliyun: await servers.listen(delayedPipIndex(10), '127.0.0.1'),
      ustc: await servers.listen(delayedPipIndex(0, 503), '127.0.0.1'),
      sjtu: await refusedBase(),
    });
    const choice = await measureMirrorDefault();
    expect(choice).toMatchObject({ pypiMirror: 'aliyun', pytorchMirror: 'aliyun', reason: 'fastest' });
    // Every mirror is listed in the table's order; the failed ones say why and are never picked.
    expect(choice.measured.map((timing) => [timing.id, timing.reachable, timing.cause])).toEqual([
      ['tuna', true, undefined],
      ['aliyun', true, undefined],
      ['ustc', false, 'HTTP 503'],
      ['sjtu', false, 'ECONNREFUSED'],
    ]);
    const [tuna, aliyun] = choice.measured;
    expect(aliyun!.ms).toBeLessThan(tuna!.ms);
    expect(tuna!.ms).toBeGreaterThanOrEqual(390);
  });

  it('keeps download.pytorch.org for the CUDA wheels when the fastest mirror does not carry them', async () => {
    mirrorsAt({
      tuna: await servers.listen(delayedPipIndex(5), '127.0.0.1'),
      aliyun: await servers.listen(delayedPipIndex(300), '127.0.0.1'),
      ustc: await servers.listen(delayedPipIndex(300), '127.0.0.1'),
      sjtu: await servers.listen(delayedPipIndex(300), '127.0.0.1'),
    });
    expect(await measureMirrorDefault()).toMatchObject({ pypiMirror: 'tuna', pytorchMirror: 'official', reason: 'fastest' });
  });

  it('falls back to the official index, with each mirror\'s reason, when none answers in time', async () => {
    mirrorsAt({
      tuna: await servers.listen(delayedPipIndex(Infinity), '127.0.0.1'),
      aliyun: await servers.listen(delayedPipIndex(0, 404), '127.0.0.1'),
      ustc: await refusedBase(),
      sjtu: await servers.listen(delayedPipIndex(0, 500), '127.0.0.1'),
    });
    const started = performance.now();
    const choice = await measureMirrorDefault({ timeoutMs: 400 });
    // Measured at once: the wait is one timeout, not four.
    expect(performance.now() - started).toBeLessThan(1500);
    expect(choice).toMatchObject({ pypiMirror: 'official', pytorchMirror: 'official', reason: 'noneReachable', timeoutMs: 400 });
    expect(choice.measured.map((timing) => [timing.id, timing.reachable, timing.cause])).toEqual([
      ['tuna', false, 'timeout'],
      ['aliyun', false, 'HTTP 404'],
      ['ustc', false, 'ECONNREFUSED'],
      ['sjtu', false, 'HTTP 500'],
    ]);
  });

  it('names a mirror in the plan by id, or by URL where plans carry its URL', () => {
    expect(mirrorStepValue('tuna', 'pypi')).toBe('tuna');
    expect(mirrorStepValue('official', 'pypi')).toBeNull();
    expect(mirrorStepValue('sjtu', 'pypi')).toBe('https://mirror.sjtu.edu.cn/pypi/web/simple');
  });
});
