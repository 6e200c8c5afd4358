import net from 'node:net';

export interface RawResponse {
  /** 0 when the server closed the connection without answering. */
  status: number;
  text: string;
}

/**
 * Sends bytes exactly as given over a fresh loopback socket and reads until the server closes it: fetch() and
 * http.request() normalise targets such as `//` or `%E0%A4%A`, an attacker's raw socket does not.
 */
export function rawRequest(port: number, request: string, timeoutMs = 5_000, address = '127.0.0.1'): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('latin1');
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      resolve({ status: match ? Number(match[1]) : 0, text });
    });
    socket.write(request);
  });
}

/** A GET for `target` with the given Host, closing the connection after the answer. */
export function rawGet(port: number, target: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  const lines = [`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, 'Connection: close', ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`)];
  return rawRequest(port, lines.join('\r\n') + '\r\n\r\n');
}
