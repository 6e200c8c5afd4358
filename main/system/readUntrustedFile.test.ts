import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { translationProblems } from '../../shared/i18n/localize.js';
import { looksBinary } from './looksBinary.js';
import { decodeText, readUntrustedFile, type UntrustedFileOptions } from './readUntrustedFile.js';
import untrustedInputTextEn from '../../locales/en/untrustedInput.json' with { type: 'json' };
import untrustedInputTextZhCN from '../../locales/zh-CN/untrustedInput.json' with { type: 'json' };

const tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-untrusted-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const TEXT: UntrustedFileOptions = { maxBytes: 1024 * 1024, utf8: 'lenient', refuseBinary: true };
const PLAN: UntrustedFileOptions = { maxBytes: 1024 * 1024, utf8: 'strict' };

function file(name: string, content: string | Uint8Array): string {
  const target = path.join(tmp, name);
  writeFileSync(target, content);
  return target;
}

/** The code and sentence a read ends with, or the text it read. */
async function read(target: string, options: UntrustedFileOptions = TEXT) {
  try {
    return { text: await readUntrustedFile(target, options) };
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
}

describe('readUntrustedFile refuses what is not a regular file, before reading a byte', () => {
  it('a FIFO nobody writes to (and a symlink to one): refused at once, never waiting for a writer', async () => {
    const fifo = path.join(tmp, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    symlinkSync(fifo, path.join(tmp, 'pipe-link'));
    for (const target of [fifo, path.join(tmp, 'pipe-link')]) {
      expect(await read(target)).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot read "${target}": it is a named pipe (FIFO), not a regular file.` });
    }
  }, 5_000);

  it('/dev/zero and /dev/null: devices', async () => {
    for (const device of ['/dev/zero', '/dev/null']) {
      expect(await read(device, PLAN)).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot read "${device}": it is a device, not a regular file.` });
    }
  }, 5_000);

  it('a folder and a socket', async () => {
    expect(await read(tmp)).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot read "${tmp}": it is a folder, not a file.` });
    const socketPath = path.join(tmp, 'sock');
    const server = net.createServer().listen(socketPath);
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      expect(await read(socketPath)).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot read "${socketPath}": it is a socket, not a regular file.` });
    } finally {
      server.close();
    }
  });

  it('a missing file is NOT_FOUND, a path through a file too', async () => {
    const missing = path.join(tmp, 'nope.json');
    expect(await read(missing)).toEqual({ code: 'NOT_FOUND', message: `Cannot read "${missing}": no such file.` });
    const under = path.join(file('plain', 'x'), 'below');
    expect(await read(under)).toEqual({ code: 'NOT_FOUND', message: `Cannot read "${under}": no such file.` });
  });
});

describe('readUntrustedFile caps the size', () => {
  it('a file larger than the cap is refused from its size, without being read (a sparse 1 TB file)', async () => {
    const huge = file('huge.json', '{}');
    truncateSync(huge, 2 ** 40);
    const start = performance.now();
    expect(await read(huge, PLAN)).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot read "${huge}": it is larger than 1 MB, the most DL Setup reads here.` });
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it('a file whose size says 0 (/proc) is capped by the bytes it gives', async () => {
    expect(await read('/proc/self/status', { maxBytes: 10, utf8: 'strict' })).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('larger than') });
    expect((await read('/proc/self/status', PLAN)).text).toMatch(/^Name:/);
  });

  it('exactly the cap is read', async () => {
    const exact = file('exact.txt', 'a'.repeat(100));
    expect(await read(exact, { maxBytes: 100, utf8: 'strict' })).toEqual({ text: 'a'.repeat(100) });
    expect(await read(exact, { maxBytes: 99, utf8: 'strict' })).toMatchObject({ code: 'INVALID_ARGUMENT' });
  });
});

describe('readUntrustedFile decodes text', () => {
  it('drops a UTF-8 byte-order mark, and reads UTF-16 with its mark (PowerShell 5 redirects)', async () => {
    expect(await read(file('bom.json', '\uFEFF{"a":1}'), PLAN)).toEqual({ text: '{"a":1}' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('nvidia-smi 中文\n', 'utf16le')]);
    expect(await read(file('utf16.txt', utf16))).toEqual({ text: 'nvidia-smi 中文\n' });
    expect(decodeText(Buffer.from([0xfe, 0xff, 0x00, 0x41]))).toBe('A');
  });

  it('strict: bytes that are not UTF-8 are refused; lenient: they become U+FFFD', async () => {
    const latin1 = file('latin1.txt', Buffer.from('caf\xe9 ok', 'latin1'));
    expect(await read(latin1, PLAN)).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot read "${latin1}": it is not UTF-8 text.` });
    expect(await read(latin1)).toEqual({ text: 'caf\uFFFD ok' });
  });

  it('binary data is refused from its first bytes; a 50 MB blob in well under 2 s', async () => {
    const elf = file('a.out', Buffer.concat([Buffer.from('\x7fELF\x02\x01\x01\x00\x00', 'latin1'), Buffer.alloc(4096)]));
    expect(await read(elf)).toEqual({ code: 'INVALID_ARGUMENT', message: `Cannot read "${elf}": it is binary data, not text. Give a log or a tool's output saved as text.` });
    const blob = Buffer.alloc(50 * 1024 * 1024, 0xa5);
    blob.write('PK\x03\x04\x14\x00\x00\x00', 'latin1');
    const big = file('wheel.whl', blob);
    const start = performance.now();
    expect(await read(big, { ...TEXT, maxBytes: 64 * 1024 * 1024 })).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('binary data') });
    expect(performance.now() - start).toBeLessThan(2_000);
  });

  it('text with colours, tabs and another encoding stays text', () => {
    expect(looksBinary('\x1b[31mERROR\x1b[0m\tcode 7\r\n\f')).toBe(false);
    // "错误：找不到设备" in GBK, as a Chinese Windows console writes it: not UTF-8, still text.
    const gbk = Buffer.from([0xb4, 0xed, 0xce, 0xf3, 0xa3, 0xba, 0xd5, 0xd2, 0xb2, 0xbb, 0xb5, 0xbd, 0xc9, 0xe8, 0xb1, 0xb8, 0x0a]);
    expect(looksBinary(decodeText(Buffer.concat(Array.from({ length: 200 }, () => gbk))))).toBe(false);
    expect(looksBinary(decodeText(Buffer.from('D\xe9j\xe0 vu\n'.repeat(100), 'latin1')))).toBe(false);
    expect(looksBinary('text\0more')).toBe(true);
    expect(looksBinary('\x01\x02\x03\x04 ab')).toBe(true);
    expect(looksBinary('')).toBe(false);
  });
});

describe('its sentences', () => {
  it('every one in Chinese too, with the same placeholders', async () => {
    expect(translationProblems(untrustedInputTextEn, untrustedInputTextZhCN)).toEqual([]);
    expect(Object.entries(untrustedInputTextZhCN).filter(([, text]) => !/[\u4e00-\u9fff]/.test(text))).toEqual([]);
    const result = await read(tmp, { ...TEXT, locale: 'zh-CN' });
    expect(result).toEqual({ code: 'INVALID_ARGUMENT', message: `无法读取“${tmp}”：这是一个文件夹，不是文件。` });
  });
});
