import { BlockList, isIP } from 'node:net';

/**
 * NO_PROXY as curl reads it: comma- or space-separated entries; `*` alone means every host; a host name matches
 * itself and its subdomains (a leading `.` or `*.` changes nothing); `host:port` and `[v6]:port` limit an entry to one
 * port; an IP address matches exactly and `10.0.0.0/8` or `fd00::/8` as a range. Names are never resolved: a CIDR
 * entry matches only a URL that names an address, as in curl.
 */
export interface NoProxyRules {
  all: boolean;
  names: { suffix: string; port: number | null }[];
  addresses: { list: BlockList; port: number | null }[];
}

const DEFAULT_PORTS: Record<string, number> = { 'http:': 80, 'https:': 443 };

function parseEntry(raw: string): { host: string; port: number | null } | null {
  let entry = raw.trim().toLowerCase();
  if (!entry) return null;
  let port: number | null = null;
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  if (bracketed) return { host: bracketed[1]!, port: bracketed[2] ? Number(bracketed[2]) : null };
  // One colon is host:port; more than one is a bare IPv6 address or range.
  const withPort = /^([^:]+):(\d+)$/.exec(entry);
  if (withPort) {
    entry = withPort[1]!;
    port = Number(withPort[2]);
  }
  return { host: entry, port };
}

function addressList(host: string): BlockList | null {
  const [address, prefixText, extra] = host.split('/');
  const family = isIP(address ?? '');
  if (!family || extra !== undefined) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const list = new BlockList();
  if (prefixText === undefined) {
    list.addAddress(address!, type);
    return list;
  }
  const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
  if (!(prefix >= 0 && prefix <= (family === 4 ? 32 : 128))) return null;
  list.addSubnet(address!, prefix, type);
  return list;
}

export function parseNoProxy(value: string): NoProxyRules {
  const rules: NoProxyRules = { all: false, names: [], addresses: [] };
  for (const raw of value.split(/[,\s]+/)) {
    const entry = parseEntry(raw);
    if (!entry) continue;
    if (entry.host === '*') {
      rules.all = true;
      continue;
    }
    const list = addressList(entry.host);
    if (list) rules.addresses.push({ list, port: entry.port });
    else if (!entry.host.includes('/')) rules.names.push({ suffix: entry.host.replace(/^\*?\.+/, '').replace(/\.$/, ''), port: entry.port });
  }
  return rules;
}

/** Whether a request to `url` goes direct, by the rules of NO_PROXY (see parseNoProxy). */
export function bypassesProxy(url: URL, rules: NoProxyRules): boolean {
  if (rules.all) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '').replace(/\.$/, '').toLowerCase();
  const port = url.port ? Number(url.port) : (DEFAULT_PORTS[url.protocol] ?? 0);
  const family = isIP(host);
  if (family) {
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (rules.addresses.some((rule) => (rule.port === null || rule.port === port) && rule.list.check(host, type))) return true;
  }
  return rules.names.some((rule) => rule.suffix !== '' && (rule.port === null || rule.port === port) && (host === rule.suffix || host.endsWith(`.${rule.suffix}`)));
}
