import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackServers } from '../../testkit/network/loopbackServers.js';
import { fetchCoreMetadata, parseCoreMetadata } from './coreMetadata.js';
import { IndexError } from './indexErrors.js';
import { IndexSession } from './indexSession.js';
import type { IndexFile } from './simplePage.js';

// The head of torch 2.7.1's METADATA as PyPI serves it at <wheel>.metadata (abridged: fewer nvidia-* lines).
const TORCH_METADATA = [
  'Metadata-Version: 2.4',
  'Name: torch',
  'Version: 2.7.1',
  'Summary: Tensors and Dynamic neural networks in Python with strong GPU acceleration',
  'Requires-Python: >=3.9.0',
  'Requires-Dist: filelock',
  'Requires-Dist: typing-extensions>=4.10.0',
  'Requires-Dist: setuptools; python_version >= "3.12"',
  'Requires-Dist: nvidia-cudnn-cu12==9.5.1.17; platform_system == "Linux" and platform_machine == "x86_64"',
  'Provides-Extra: opt-einsum',
  'Requires-Dist: opt-einsum>=3.3; extra == "opt-einsum"',
  'Description-Content-Type: text/markdown',
  '',
  '# PyTorch',
  'Requires-Dist: not-a-header-this-is-the-readme',
].join('\n');

describe('METADATA headers (RFC 822)', () => {
  it('reads Name, Version, Requires-Python and every Requires-Dist of the header, not the body', () => {
    expect(parseCoreMetadata(TORCH_METADATA)).toEqual({
      name: 'torch',
      version: '2.7.1',
      requiresPython: '>=3.9.0',
      requiresDist: ['filelock', 'typing-extensions>=4.10.0', 'setuptools; python_version >= "3.12"', 'nvidia-cudnn-cu12==9.5.1.17; platform_system == "Linux" and platform_machine == "x86_64"', 'opt-einsum>=3.3; extra == "opt-einsum"'],
    });
  });

  it('folds continuation lines and reads field names in any case, CRLF or LF', () => {
    expect(parseCoreMetadata('name: x\r\nVERSION: 1.0\r\nrequires-dist: a;\r\n  python_version < "3.13"\r\n\r\nbody')).toEqual({ name: 'x', version: '1.0', requiresPython: null, requiresDist: ['a; python_version < "3.13"'] });
  });
});

describe('PEP 658 metadata files', () => {
  const servers = loopbackServers();
  const cacheRoot = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-metadata-'));
  let base = '';
  const good = Buffer.from(TORCH_METADATA);
  const sha = createHash('sha256').update(good).digest('hex');

  beforeAll(async () => {
    base = await servers.listen(
      http.createServer((request, response) => {
        if (request.url === '/torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl.metadata') return void response.end(good);
        if (request.url === '/huge-1.0-py3-none-any.whl.metadata') return void response.writeHead(200, { 'content-length': String(9 << 20) }).end();
        response.writeHead(404).end();
      }),
      '127.0.0.1',
    );
  });
  afterAll(async () => {
    await servers.closeAll();
    rmSync(cacheRoot, { recursive: true, force: true });
  });

  const file = (name: string, coreMetadata: IndexFile['coreMetadata']): IndexFile => ({ filename: name, url: `${base}/${name}`, sha256: null, requiresPython: null, yanked: false, size: null, coreMetadata });

  async function read(indexFile: IndexFile, cacheDir: string | null = null) {
    const session = new IndexSession({ cacheDir });
    try {
      return { metadata: await fetchCoreMetadata(session, indexFile), requests: session.requests, fromCache: session.fromCache };
    } catch (error) {
      if (error instanceof IndexError) return { error: { kind: error.kind, reason: error.reason }, requests: session.requests };
      throw error;
    } finally {
      await session.close();
    }
  }

  it('fetches <url>.metadata, checks its sha256 and reads it', async () => {
    const result = await read(file('torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl', { sha256: sha }));
    expect(result.metadata?.requiresDist).toHaveLength(5);
  });

  it('refuses metadata whose sha256 is not the page\'s', async () => {
    expect(await read(file('torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl', { sha256: 'f'.repeat(64) }))).toMatchObject({ error: { kind: 'refused', reason: 'metadataHash' } });
  });

  it('reads metadata the page announces without a hash, and nothing when the page announces none', async () => {
    expect((await read(file('torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl', { sha256: null }))).metadata?.name).toBe('torch');
    expect(await read(file('torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl', null))).toMatchObject({ metadata: null, requests: 0 });
  });

  it('refuses metadata that is announced but missing, or over its bound', async () => {
    expect(await read(file('gone-1.0-py3-none-any.whl', { sha256: null }))).toMatchObject({ error: { kind: 'refused', reason: 'badPage' } });
    expect(await read(file('huge-1.0-py3-none-any.whl', { sha256: null }))).toMatchObject({ error: { kind: 'refused', reason: 'tooLarge' } });
  });

  it('keeps hashed metadata without asking again, and ignores a cached copy that no longer matches', async () => {
    const dir = path.join(cacheRoot, 'a');
    const indexFile = file('torch-2.7.1-cp312-cp312-manylinux_2_28_x86_64.whl', { sha256: sha });
    expect(await read(indexFile, dir)).toMatchObject({ requests: 1, fromCache: 0 });
    expect(await read(indexFile, dir)).toMatchObject({ requests: 0, fromCache: 1 });
    const [entry] = readdirSync(dir);
    const stored = JSON.parse(readFileSync(path.join(dir, entry!), 'utf8')) as { body: string };
    writeFileSync(path.join(dir, entry!), JSON.stringify({ ...stored, body: Buffer.from('Name: torch\nVersion: 2.7.1\nRequires-Dist: evil\n').toString('base64') }));
    const again = await read(indexFile, dir);
    expect(again).toMatchObject({ requests: 1, fromCache: 0 });
    expect(again.metadata?.requiresDist).not.toContain('evil');
  });
});
