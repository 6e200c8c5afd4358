import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixturePath } from '../../testkit/fixturePath.js';
import { hostGlibcVersion, parseLddVersion } from './glibcVersion.js';

const debian12 = readFileSync(fixturePath('ldd/debian12_ldd_version.txt'), 'utf8');
const bin = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-ldd-'));
afterAll(() => rmSync(bin, { recursive: true, force: true }));

/** A folder with one `ldd` that prints `script`'s output: a simulated host's tool on PATH. */
function lddPrinting(name: string, script: string): string {
  const dir = path.join(bin, name);
  const file = path.join(dir, 'ldd');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir);
  writeFileSync(file, `#!/bin/sh\n${script}\n`);
  chmodSync(file, 0o755);
  return dir;
}

describe("reading ldd's version", () => {
  it("reads Debian 12's real `ldd --version` (fixtures/ldd/)", () => {
    expect(debian12.split('\n')[0]).toMatch(/^ldd \(Debian GLIBC 2\.36-9\+deb12u\d+\) 2\.36$/);
    expect(parseLddVersion(debian12)).toEqual({ libc: 'glibc', version: '2.36' });
  });

  it("reads the brief's example and other distributions' first lines", () => {
    expect(parseLddVersion('ldd (Debian GLIBC 2.36-9+deb12u10) 2.36\n')).toEqual({ libc: 'glibc', version: '2.36' });
    expect(parseLddVersion('ldd (Ubuntu GLIBC 2.35-0ubuntu3.8) 2.35\nCopyright (C) 2022')).toEqual({ libc: 'glibc', version: '2.35' });
    expect(parseLddVersion('ldd (GNU libc) 2.38\n')).toEqual({ libc: 'glibc', version: '2.38' });
    expect(parseLddVersion('musl libc (x86_64)\nVersion 1.2.4\nDynamic Program Loader\n')).toEqual({ libc: 'musl', version: '1.2' });
  });

  it('says nothing of text it cannot read', () => {
    for (const text of ['', 'ldd: command not found', 'ldd (GNU libc) two point three', `ldd (${'x'.repeat(300)}) 2.36`]) expect(parseLddVersion(text)).toBeNull();
  });
});

describe("this machine's glibc", () => {
  it("on the real machine, is Node's own report (this machine runs glibc 2.36 under Debian 12)", async () => {
    const env = { ...process.env, DLSETUP_SYSROOT: '' };
    const report = process.report.getReport() as { header: { glibcVersionRuntime?: string } };
    expect(await hostGlibcVersion(env)).toBe(report.header.glibcVersionRuntime ?? null);
  });

  it('on a simulated host, is what its `ldd --version` says', async () => {
    const dir = lddPrinting('debian', `cat '${fixturePath('ldd/debian12_ldd_version.txt')}'`);
    expect(await hostGlibcVersion({ PATH: `${dir}:/usr/bin:/bin`, DLSETUP_SYSROOT: bin })).toBe('2.36');
    const old = lddPrinting('centos7', "echo 'ldd (GNU libc) 2.17'");
    expect(await hostGlibcVersion({ PATH: old, DLSETUP_SYSROOT: bin })).toBe('2.17');
  });

  it('is unknown (null) without ldd, on musl, or when ldd says something else', async () => {
    expect(await hostGlibcVersion({ PATH: path.join(bin, 'nowhere'), DLSETUP_SYSROOT: bin })).toBeNull();
    const musl = lddPrinting('musl', "printf 'musl libc (x86_64)\\nVersion 1.2.4\\n' >&2; exit 1");
    expect(await hostGlibcVersion({ PATH: musl, DLSETUP_SYSROOT: bin })).toBeNull();
    const odd = lddPrinting('odd', 'echo hello');
    expect(await hostGlibcVersion({ PATH: odd, DLSETUP_SYSROOT: bin })).toBeNull();
  });

  it('is unknown when ldd hangs (3 s bound)', async () => {
    const hung = lddPrinting('hung', 'exec sleep 30');
    const started = Date.now();
    expect(await hostGlibcVersion({ PATH: `${hung}:/usr/bin:/bin`, DLSETUP_SYSROOT: bin })).toBeNull();
    expect(Date.now() - started).toBeLessThan(6000);
  });
});
