import http from 'node:http';

export interface TestFileServer {
  url: string;
  /** Request paths in arrival order. */
  requests: string[];
  /** Adds or replaces a served file (path → bytes). */
  put(urlPath: string, data: Buffer | string): void;
  close(): Promise<void>;
}

/** A loopback HTTP server for keyrings, runfiles and archives (no network, 404 for anything not put). */
export async function startFileServer(files: Record<string, Buffer | string> = {}): Promise<TestFileServer> {
  const served = new Map(Object.entries(files).map(([key, value]) => [key, Buffer.from(value)]));
  const server = http.createServer((request, response) => {
    const urlPath = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    result.requests.push(urlPath);
    const data = served.get(urlPath);
    if (!data) {
      response.statusCode = 404;
      response.end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': data.length });
    response.end(data);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const result: TestFileServer = {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    requests: [],
    put: (urlPath, data) => served.set(urlPath, Buffer.from(data)),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return result;
}
