import { createReadStream, existsSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * A loopback PEP 503 index over a folder laid out as simple/<name>/index.html + files/<wheel> (this machine's /opt/pypi),
 * served as a static web server serves it: whole files, or one byte range (`Range: bytes=a-b`, `bytes=-n`) with 206.
 */
export interface PypiServer {
  url: string;
  /** Wheel files served, in order, with their sizes. */
  served: { file: string; bytes: number }[];
  close(): Promise<void>;
}

export async function startPypiServer(root: string): Promise<PypiServer> {
  const served: PypiServer['served'] = [];
  const server = http.createServer((request, response) => {
    const url = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(root, path.normalize(url).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(root)) file = root;
    if (existsSync(file) && statSync(file).isDirectory()) file = path.join(file, 'index.html');
    if (!existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    const bytes = statSync(file).size;
    const type = file.endsWith('.html') ? 'text/html' : 'application/octet-stream';
    const range = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? '');
    if (range && (range[1] !== '' || range[2] !== '') && bytes > 0) {
      // A part of the file (the index client reads a wheel's METADATA and its size this way); not a download.
      const start = range[1] === '' ? Math.max(0, bytes - Number(range[2])) : Number(range[1]);
      const end = range[1] === '' || range[2] === '' ? bytes - 1 : Math.min(Number(range[2]), bytes - 1);
      if (start > end) return void response.writeHead(416, { 'content-range': `bytes */${bytes}` }).end();
      response.writeHead(206, { 'content-type': type, 'content-range': `bytes ${start}-${end}/${bytes}`, 'content-length': end - start + 1 });
      createReadStream(file, { start, end }).pipe(response);
      return;
    }
    if (file.endsWith('.whl')) served.push({ file: path.basename(file), bytes });
    response.writeHead(200, { 'content-type': type, 'content-length': bytes });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, served, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
