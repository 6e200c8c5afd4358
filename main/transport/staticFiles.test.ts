import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningServer } from './httpServer.js';
import { ProgressHub } from './progressHub.js';
import { rawGet } from '../../testkit/transport/rawHttp.js';
import { testHandlers } from '../../testkit/transport/testHandlers.js';

// Issue 15, item 4: the renderer folder is served, and nothing a symlink, a dotfile or `..` reaches beyond it.
let base: string;
let server: RunningServer;

beforeAll(async () => {
  base = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-static-links-'));
  const real = path.join(base, 'static');
  // A sibling whose name starts like the served folder's: a prefix test alone would let it through.
  const sibling = path.join(base, 'static-evil');
  mkdirSync(path.join(real, 'assets'), { recursive: true });
  mkdirSync(sibling);
  writeFileSync(path.join(real, 'index.html'), '<!doctype html><title>DL Setup</title>');
  writeFileSync(path.join(real, 'assets', 'app.js'), 'console.log("app")');
  writeFileSync(path.join(real, '.env'), 'DOTFILE_SECRET=1');
  writeFileSync(path.join(sibling, 'secret.txt'), 'SIBLING_SECRET');
  symlinkSync('/etc/passwd', path.join(real, 'passwd'));
  symlinkSync('/etc/passwd', path.join(real, 'passwd.js'));
  symlinkSync(sibling, path.join(real, 'sibling'));
  symlinkSync(path.join(real, 'assets', 'app.js'), path.join(real, 'alias.js'));
  // The served folder itself may be reached through a symlink (an installed package); that is not an escape.
  symlinkSync(real, path.join(base, 'served'));
  server = await startHttpServer({ host: '127.0.0.1', port: 0, handlers: testHandlers(), progress: new ProgressHub(), staticDir: path.join(base, 'served') });
});

afterAll(async () => {
  await server?.close();
  rmSync(base, { recursive: true, force: true });
});

const get = (target: string) => rawGet(server.port, target, { Authorization: `Bearer ${server.token}` });

describe('static files of dlsetup serve', () => {
  it('serves the renderer, including a symlink that stays inside it', async () => {
    expect((await get('/assets/app.js')).text).toContain('console.log("app")');
    expect((await get('/alias.js')).text).toContain('console.log("app")');
    expect((await get('/')).text).toContain('<title>DL Setup</title>');
    expect((await get('/install')).text).toContain('<title>DL Setup</title>');
  });

  it.each(['/passwd', '/passwd.js', '/sibling/secret.txt', '/sibling%2Fsecret.txt'])('does not follow the symlink %s out of the folder', async (target) => {
    const response = await get(target);
    expect(response.status).toBe(404);
    expect(response.text).not.toMatch(/root:|SIBLING_SECRET/);
  });

  it.each(['/.env', '/assets/.%2E/.env', '/%2e%2e/static-evil/secret.txt', '/..%2Fstatic-evil%2Fsecret.txt', '/assets/..%2F..%2Fstatic-evil%2Fsecret.txt'])(
    'serves no dotfile and no `..` for %s',
    async (target) => {
      const response = await get(target);
      expect([400, 404]).toContain(response.status);
      expect(response.text).not.toMatch(/DOTFILE_SECRET|SIBLING_SECRET/);
    },
  );
});
