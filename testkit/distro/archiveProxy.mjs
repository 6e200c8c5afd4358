// A loopback HTTP forward proxy to Debian's archive that counts the bytes it relays: the lane's "bytes downloaded"
// figure, and a real link that a test can cut (stop) while apt is downloading.
import http from 'node:http';
import { appendFileSync } from 'node:fs';

/** Only Debian's archive: the root's apt and debootstrap reach nothing else through the lane. */
const ALLOWED_HOSTS = new Set(['deb.debian.org', 'security.debian.org']);

/**
 * Starts the proxy on 127.0.0.1 (port 0: any free port). `tally`: a file that gets one "<bytes>\n" line per finished
 * or cut response, so several proxies (the lane's, a test's) add up to one figure. `bytesPerSecond`: a slow link, so a
 * test can cut a download that is under way.
 */
export async function startArchiveProxy({ port = 0, tally, bytesPerSecond = 0 } = {}) {
  const sockets = new Set();
  let bytes = 0;
  let requests = 0;
  const server = http.createServer((request, response) => {
    const target = URL.canParse(request.url ?? '') ? new URL(request.url) : null;
    if (!target || target.protocol !== 'http:' || !ALLOWED_HOSTS.has(target.hostname)) {
      response.writeHead(403).end('the distro lane proxy reaches only the Debian archive over http\n');
      return;
    }
    requests += 1;
    const headers = { ...request.headers };
    delete headers['proxy-connection'];
    let counted = 0;
    const settle = () => {
      bytes += counted;
      if (tally && counted) appendFileSync(tally, `${counted}\n`);
      counted = 0;
    };
    const upstream = http.request({ host: target.hostname, port: target.port || 80, path: `${target.pathname}${target.search}`, method: request.method, headers }, (answer) => {
      response.writeHead(answer.statusCode ?? 502, answer.headers);
      const began = Date.now();
      let relayed = 0;
      answer.on('data', (chunk) => {
        counted += chunk.length;
        relayed += chunk.length;
        if (tally) appendFileSync(`${tally}.live`, `${chunk.length}\n`);
        const ahead = bytesPerSecond ? (relayed / bytesPerSecond) * 1000 - (Date.now() - began) : 0;
        if (ahead > 0) {
          answer.pause();
          setTimeout(() => answer.resume(), ahead);
        }
      });
      answer.on('end', settle);
      answer.on('close', settle);
      answer.pipe(response);
    });
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  server.on('connect', (_request, client) => client.end('HTTP/1.1 403 Forbidden\r\n\r\n'));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const address = server.address();
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    bytes: () => bytes,
    requests: () => requests,
    /** Stops listening and cuts every open connection mid-transfer, as a dropped link does. */
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

// `node archiveProxy.mjs <tally file> [bytes per second]`: the proxy in its own process (the lane's own steps block on chroot commands),
// printing its address as the first line of stdout and stopping on SIGTERM.
if (import.meta.url === `file://${process.argv[1]}`) {
  const proxy = await startArchiveProxy({ tally: process.argv[2], bytesPerSecond: Number(process.argv[3] ?? 0) });
  process.stdout.write(`${proxy.url}\n`);
  process.on('SIGTERM', () => void proxy.close().then(() => process.exit(0)));
}
