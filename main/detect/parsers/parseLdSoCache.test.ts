import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseLdconfig } from './parseLdconfig.js';
import { parseLdSoCache } from './parseLdSoCache.js';

/** A glibc-ld.so.cache1.1 file laid out as glibc's ldconfig writes it: 48-byte header, 24-byte entries, then strings. */
function newFormatCache(entries: [string, string][]): Uint8Array {
  const strings: number[] = [];
  const offsets: [number, number][] = [];
  const tableEnd = 48 + entries.length * 24;
  const add = (text: string) => {
    const at = tableEnd + strings.length;
    strings.push(...new TextEncoder().encode(text), 0);
    return at;
  };
  for (const [soname, file] of entries) offsets.push([add(soname), add(file)]);
  const bytes = new Uint8Array(tableEnd + strings.length);
  const view = new DataView(bytes.buffer);
  bytes.set(new TextEncoder().encode('glibc-ld.so.cache1.1'), 0);
  view.setUint32(20, entries.length, true);
  view.setUint32(24, strings.length, true);
  offsets.forEach(([key, value], index) => {
    view.setInt32(48 + index * 24, 0x0303, true);
    view.setUint32(48 + index * 24 + 4, key, true);
    view.setUint32(48 + index * 24 + 8, value, true);
  });
  bytes.set(strings, tableEnd);
  return bytes;
}

describe('parseLdSoCache', () => {
  it('reads the entries of a new-format cache in order', () => {
    const cache = newFormatCache([
      ['libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9'],
      ['libcudnn.so.8', '/usr/lib/x86_64-linux-gnu/libcudnn.so.8'],
    ]);
    expect(parseLdSoCache(cache)).toEqual([
      { soname: 'libcudnn.so.9', path: '/usr/lib/x86_64-linux-gnu/libcudnn.so.9' },
      { soname: 'libcudnn.so.8', path: '/usr/lib/x86_64-linux-gnu/libcudnn.so.8' },
    ]);
  });

  it('keeps only the entries whose soname starts with the wanted prefix', () => {
    const cache = newFormatCache([
      ['libc.so.6', '/lib/x86_64-linux-gnu/libc.so.6'],
      ['libcudnn.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn.so.9'],
      ['libcudnn_ops.so.9', '/usr/lib/x86_64-linux-gnu/libcudnn_ops.so.9'],
    ]);
    expect(parseLdSoCache(cache, 'libcudnn.so')).toEqual([{ soname: 'libcudnn.so.9', path: '/usr/lib/x86_64-linux-gnu/libcudnn.so.9' }]);
    expect(parseLdSoCache(cache, 'libnothing')).toEqual([]);
  });

  it('returns null for another format, a truncated table or garbage, so ldconfig -p is asked instead', () => {
    const cache = newFormatCache([['libcudnn.so.9', '/usr/lib/libcudnn.so.9']]);
    expect(parseLdSoCache(cache.subarray(0, 60))).toBeNull();
    expect(parseLdSoCache(new TextEncoder().encode('not a loader cache at all, just text'))).toBeNull();
    expect(parseLdSoCache(new Uint8Array(0))).toBeNull();
  });

  // The real cache of this machine against the real `ldconfig -p`: every soname and path, in the same order.
  it.runIf(existsSync('/etc/ld.so.cache') && existsSync('/sbin/ldconfig'))('matches ldconfig -p on this machine entry for entry', () => {
    const fromFile = parseLdSoCache(readFileSync('/etc/ld.so.cache'));
    const fromTool = parseLdconfig(execFileSync('/sbin/ldconfig', ['-p'], { encoding: 'utf8' })).map(({ soname, path }) => ({ soname, path }));
    expect(fromFile).not.toBeNull();
    expect(fromFile?.length).toBeGreaterThan(10);
    expect(fromFile).toEqual(fromTool);
  });
});
