import os from 'node:os';

/** `host:port` as a browser writes it in the Host header and in an Origin (IPv6 in brackets), lower case. */
export function hostWithPort(host: string, port: number): string {
  return `${host.includes(':') ? `[${host}]` : host}:${port}`.toLowerCase();
}

export function isWildcard(bindHost: string): boolean {
  return bindHost === '0.0.0.0' || bindHost === '::';
}

/**
 * The Host values this server answers (DNS rebinding defence): the bound address and the loopback names; a wildcard
 * bind adds this machine's own interface addresses and host name, never whatever name a request brings.
 */
export function allowedHosts(bindHost: string, port: number, interfaces = os.networkInterfaces(), hostname = os.hostname()): Set<string> {
  const names = [bindHost, '127.0.0.1', 'localhost', '::1'];
  if (isWildcard(bindHost)) {
    for (const list of Object.values(interfaces)) for (const entry of list ?? []) names.push(entry.address);
    if (hostname) names.push(hostname);
  }
  return new Set(names.filter((name) => !isWildcard(name)).map((name) => hostWithPort(name, port)));
}

/** Whether a request comes to one of this server's own names and, when a browser says where it comes from, from one of them too. */
export function isTrustedSource(hostHeader: string | undefined, originHeader: string | undefined, allowed: ReadonlySet<string>): boolean {
  if (!hostHeader || !allowed.has(hostHeader.toLowerCase())) return false;
  if (originHeader === undefined) return true;
  try {
    const origin = new URL(originHeader);
    return origin.protocol === 'http:' && allowed.has(origin.host);
  } catch {
    return false;
  }
}
