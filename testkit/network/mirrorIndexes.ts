import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { MirrorTable } from '../../shared/types/mirrors.js';

/**
 * Loopback stand-ins for package mirrors (the test machine reaches no real one): a PEP 503 page for pip that answers
 * after `delayMs`, or with `status`, or never (delayMs: Infinity) — what the measured default mirror times.
 */
export function delayedPipIndex(delayMs: number, status = 200): http.Server {
  return http.createServer((request, response) => {
    if (delayMs === Infinity) return;
    setTimeout(() => {
      response.statusCode = request.url?.endsWith('/simple/pip/') ? status : 404;
      response.end('<a href="pip-24.2-py3-none-any.whl">pip-24.2-py3-none-any.whl</a>');
    }, delayMs);
  });
}

/** A loopback base URL nothing listens on (a mirror that refuses the connection). */
export async function refusedBase(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

const MIRRORS_JSON = path.resolve(import.meta.dirname, '..', '..', 'data', 'mirrors.json');

/**
 * Writes `dir`/mirrors.json, data/mirrors.json with each named mirror's PyPI index at `bases[id]`/simple, for
 * DLSETUP_DATA_DIR (the engine's test data overlay); the caller points the variable (or a serve process) at `dir`.
 */
export function overlayMirrorIndexes(dir: string, bases: Record<string, string>): string {
  const table = JSON.parse(readFileSync(MIRRORS_JSON, 'utf8')) as MirrorTable;
  for (const row of table.mirrors) if (bases[row.id]) row.pypiIndexUrl = `${bases[row.id]}/simple`;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'mirrors.json'), JSON.stringify(table, null, 2));
  return dir;
}
