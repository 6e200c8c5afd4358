import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const BUILD_WHEEL = `
import base64, hashlib, os, sys, zipfile
out, name, version, size = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
dist = name.replace('-', '_')
files = {
    f'{dist}/__init__.py': f'__version__ = "{version}"\\n'.encode(),
    f'{dist}/payload.bin': os.urandom(size),
    f'{dist}-{version}.dist-info/METADATA': f'Metadata-Version: 2.1\\nName: {name}\\nVersion: {version}\\n'.encode(),
    f'{dist}-{version}.dist-info/WHEEL': b'Wheel-Version: 1.0\\nGenerator: dlsetup-tests\\nRoot-Is-Purelib: true\\nTag: py3-none-any\\n',
}
record = ''
for path, data in files.items():
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b'=').decode()
    record += f'{path},sha256={digest},{len(data)}\\n'
record += f'{dist}-{version}.dist-info/RECORD,,\\n'
files[f'{dist}-{version}.dist-info/RECORD'] = record.encode()
target = os.path.join(out, f'{dist}-{version}-py3-none-any.whl')
with zipfile.ZipFile(target, 'w', zipfile.ZIP_STORED) as z:
    for path, data in files.items():
        z.writestr(path, data)
print(target)
`;

/** A real wheel (zip with METADATA, WHEEL, RECORD) carrying `payloadBytes` of random data, so pip shows a progress bar. */
export function buildTestWheel(outDir: string, name: string, version: string, payloadBytes: number): string {
  return execFileSync('python3', ['-c', BUILD_WHEEL, outDir, name, version, String(payloadBytes)], { encoding: 'utf8' }).trim();
}

export interface TestIndex {
  url: string;
  /** Request paths in arrival order. */
  requests: string[];
  /** Every request with who asked (User-Agent: pip's starts with "pip/") and its Range header. */
  log: { path: string; userAgent: string; range: string | null; sent: number }[];
  bytesServed: () => number;
  /** While set, file downloads hang after sending this many bytes. */
  stallAfter: number | null;
  /** While set, file downloads trickle at about this many bytes per second (a slow mirror). */
  trickleBytesPerSecond: number | null;
  /** Answer `Range: bytes=a-b` / `bytes=a-` with 206 (as PyPI's CDN does); off: the whole file, 200. */
  ranges: boolean;
  /** Wheel file name → bytes: its next download is cut (socket destroyed) after that many bytes, once. */
  cuts: Map<string, number>;
  close(): Promise<void>;
}

export interface TestIndexOptions {
  /** Where the project pages live (default `/simple`); `/whl/cu126` stands in for a PyTorch mirror's variant index. */
  root?: string;
  /** Serve each wheel's METADATA beside it (PEP 658 / PEP 714 attributes on the links), as PyPI does. */
  coreMetadata?: boolean;
}

const READ_METADATA = `
import sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
sys.stdout.buffer.write(z.read(next(n for n in z.namelist() if n.endswith('.dist-info/METADATA'))))
`;

/** The METADATA file inside a wheel, as an index serving PEP 658 metadata publishes it. */
function wheelMetadata(wheel: string): Buffer {
  return execFileSync('python3', ['-c', READ_METADATA, wheel]);
}

/** A loopback PEP 503 index serving the wheels in `wheelDir` (node http, no network). */
export async function startTestIndex(wheelDir: string, options: TestIndexOptions = {}): Promise<TestIndex> {
  let served = 0;
  const root = (options.root ?? '/simple').replace(/\/+$/, '');
  const hanging = new Set<http.ServerResponse>();
  const timers = new Set<NodeJS.Timeout>();
  const index: TestIndex = {
    url: '',
    requests: [],
    log: [],
    bytesServed: () => served,
    stallAfter: null,
    trickleBytesPerSecond: null,
    ranges: false,
    cuts: new Map(),
    close: async () => {
      for (const timer of timers) clearTimeout(timer);
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    index.requests.push(url.pathname);
    const entry = { path: url.pathname, userAgent: String(request.headers['user-agent'] ?? ''), range: request.headers.range ?? null, sent: 0 };
    index.log.push(entry);
    const wheels = readdirSync(wheelDir).filter((file) => file.endsWith('.whl'));
    const simple = url.pathname.startsWith(`${root}/`) ? /^([^/]+)\/?$/.exec(url.pathname.slice(root.length + 1)) : null;
    if (url.pathname === `${root}/` || url.pathname === root) {
      response.setHeader('Content-Type', 'text/html');
      response.end(`<html><body>${[...new Set(wheels.map((w) => w.split('-')[0]!.replace(/_/g, '-')))].map((n) => `<a href="${root}/${n}/">${n}</a>`).join('')}</body></html>`);
      return;
    }
    if (simple) {
      const wanted = simple[1]!.toLowerCase().replace(/[-_.]+/g, '_');
      const links = wheels
        .filter((wheel) => wheel.split('-')[0]!.toLowerCase() === wanted)
        .map((wheel) => {
          const sha = createHash('sha256').update(readFileSync(path.join(wheelDir, wheel))).digest('hex');
          const metadata = options.coreMetadata ? `sha256=${createHash('sha256').update(wheelMetadata(path.join(wheelDir, wheel))).digest('hex')}` : null;
          const attributes = metadata ? ` data-dist-info-metadata="${metadata}" data-core-metadata="${metadata}"` : '';
          return `<a href="/files/${wheel}#sha256=${sha}"${attributes}>${wheel}</a>`;
        });
      if (!links.length) {
        response.statusCode = 404;
        response.end('not found');
        return;
      }
      response.setHeader('Content-Type', 'text/html');
      response.end(`<!DOCTYPE html><html><body>${links.join('<br/>')}</body></html>`);
      return;
    }
    const metadataOf = options.coreMetadata ? /^\/files\/([^/]+\.whl)\.metadata$/.exec(url.pathname) : null;
    if (metadataOf && wheels.includes(metadataOf[1]!)) {
      response.setHeader('Content-Type', 'application/octet-stream');
      response.end(wheelMetadata(path.join(wheelDir, metadataOf[1]!)));
      return;
    }
    const file = /^\/files\/([^/]+\.whl)$/.exec(url.pathname);
    if (file && wheels.includes(file[1]!)) {
      const whole = readFileSync(path.join(wheelDir, file[1]!));
      const range = index.ranges ? /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '') : null;
      const start = range ? Number(range[1]) : 0;
      const end = range?.[2] ? Math.min(Number(range[2]), whole.length - 1) : whole.length - 1;
      if (range && start >= whole.length) {
        response.statusCode = 416;
        response.setHeader('Content-Range', `bytes */${whole.length}`);
        response.end();
        return;
      }
      const data = whole.subarray(start, end + 1);
      response.setHeader('Content-Type', 'application/octet-stream');
      response.setHeader('Content-Length', data.length);
      if (index.ranges) response.setHeader('Accept-Ranges', 'bytes');
      if (range) {
        response.statusCode = 206;
        response.setHeader('Content-Range', `bytes ${start}-${end}/${whole.length}`);
      }
      const cut = index.cuts.get(file[1]!);
      if (cut !== undefined && cut < data.length) {
        // The bytes reach the client, then the connection drops (a cut line), once per file.
        index.cuts.delete(file[1]!);
        response.write(data.subarray(0, cut));
        served += cut;
        entry.sent = cut;
        hanging.add(response);
        const timer = setTimeout(() => {
          timers.delete(timer);
          hanging.delete(response);
          response.destroy();
        }, 300);
        timers.add(timer);
        return;
      }
      if (index.stallAfter !== null) {
        response.write(data.subarray(0, index.stallAfter));
        served += index.stallAfter;
        entry.sent = index.stallAfter;
        hanging.add(response);
        return;
      }
      if (index.trickleBytesPerSecond !== null) {
        // Ten slices a second, so progress moves smoothly; the client closing the connection stops it.
        const slice = Math.max(1, Math.round(index.trickleBytesPerSecond / 10));
        let sent = 0;
        hanging.add(response);
        const timer = setInterval(() => {
          const chunk = data.subarray(sent, sent + slice);
          sent += chunk.length;
          served += chunk.length;
          entry.sent += chunk.length;
          if (sent >= data.length) {
            clearInterval(timer);
            timers.delete(timer);
            hanging.delete(response);
            response.end(chunk);
          } else response.write(chunk);
        }, 100);
        timers.add(timer);
        response.on('close', () => {
          clearInterval(timer);
          timers.delete(timer);
          hanging.delete(response);
        });
        return;
      }
      served += data.length;
      entry.sent = data.length;
      response.end(data);
      return;
    }
    response.statusCode = 404;
    response.end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };
  index.url = `http://127.0.0.1:${address.port}`;
  return index;
}
