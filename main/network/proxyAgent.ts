import { rootCertificates } from 'node:tls';
import { Agent, ProxyAgent, type Dispatcher } from 'undici';
import { bypassesProxy, parseNoProxy } from './noProxy.js';

/**
 * The one place DL Setup decides how a request reaches the network: direct, or through the proxy the user set.
 * undici's EnvHttpProxyAgent is not used: its NO_PROXY knows no CIDR ranges, treats `example.com` as that host only
 * (curl and pip match subdomains too) and reads no ALL_PROXY. This module keeps undici's Agent and ProxyAgent and
 * decides per URL with noProxy.ts.
 */
export interface ProxySettings {
  /** An explicit proxy (`--proxy`, the plan's `proxy`) wins over the environment's; null: never a proxy. NO_PROXY still applies, as with `curl -x`. */
  proxy?: string | null;
  env?: NodeJS.ProcessEnv;
  /** Extra certificate authorities (PEM) to trust besides the system's: a lab mirror's own CA, or a test's. */
  ca?: string;
}

/** A proxy setting that is not an http:// or https:// proxy (socks5://, garbage): refused rather than bypassed. */
export class BadProxyError extends Error {
  constructor(readonly proxy: string) {
    super(`"${proxy}" is not an http:// or https:// proxy address.`);
    this.name = 'BadProxyError';
  }
}

function firstSet(env: NodeJS.ProcessEnv, names: string[]): string | undefined {
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) return value;
  }
  return undefined;
}

/** The proxy for `url` (as curl picks it, lowercase names first), or null when the request goes direct. */
export function proxyFor(url: URL, settings: ProxySettings = {}): string | null {
  if (settings.proxy === null) return null;
  const env = settings.env ?? process.env;
  if (bypassesProxy(url, parseNoProxy(firstSet(env, ['no_proxy', 'NO_PROXY']) ?? ''))) return null;
  if (settings.proxy) return settings.proxy;
  const names = url.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY', 'http_proxy', 'HTTP_PROXY'] : ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'];
  return firstSet(env, names) ?? null;
}

/** `proxy.lan:3128` means http://proxy.lan:3128, as in curl; credentials move into a Proxy-Authorization token. */
export function parseProxy(text: string): { uri: string; token?: string } {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`;
  const url = URL.canParse(withScheme) ? new URL(withScheme) : null;
  // The refusal names the setting without its password.
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) throw new BadProxyError(text.replace(/\/\/[^/@]*@/, '//…@'));
  const token = url.username ? `Basic ${Buffer.from(`${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`).toString('base64')}` : undefined;
  url.username = '';
  url.password = '';
  return { uri: url.origin, ...(token ? { token } : {}) };
}

/** The dispatchers of one operation (a download, a mirror check); close() when done. */
export class NetworkAgents {
  readonly #settings: ProxySettings;
  readonly #tls: { ca?: string[] };
  #direct: Agent | null = null;
  readonly #proxies = new Map<string, ProxyAgent>();

  constructor(settings: ProxySettings = {}) {
    this.#settings = settings;
    // A `ca` replaces Node's trust store, so the system's roots are kept beside the extra one.
    this.#tls = settings.ca ? { ca: [...rootCertificates, settings.ca] } : {};
  }

  /** Throws BadProxyError when the proxy that applies to `url` is not one DL Setup can speak to. */
  dispatcherFor(url: URL): Dispatcher {
    const proxy = proxyFor(url, this.#settings);
    if (!proxy) return (this.#direct ??= new Agent({ connect: this.#tls }));
    const { uri, token } = parseProxy(proxy);
    const key = `${uri} ${token ?? ''}`;
    let agent = this.#proxies.get(key);
    if (!agent) {
      // Plain http goes as an absolute-form GET: many proxies allow CONNECT to port 443 only.
      agent = new ProxyAgent({ uri, ...(token ? { token } : {}), requestTls: this.#tls, proxyTls: this.#tls, proxyTunnel: false });
      this.#proxies.set(key, agent);
    }
    return agent;
  }

  async close(): Promise<void> {
    const agents: Dispatcher[] = [...this.#proxies.values(), ...(this.#direct ? [this.#direct] : [])];
    this.#proxies.clear();
    this.#direct = null;
    await Promise.all(agents.map((agent) => agent.destroy().catch(() => undefined)));
  }
}
