import { describe, expect, it } from 'vitest';
import { bypassesProxy, parseNoProxy } from './noProxy.js';
import { parseProxy, proxyFor } from './proxyAgent.js';

const direct = (noProxy: string, url: string) => bypassesProxy(new URL(url), parseNoProxy(noProxy));

describe('NO_PROXY as curl reads it (matched without sending traffic)', () => {
  it('matches a domain and its subdomains, with or without a leading dot or *.', () => {
    for (const entry of ['example.com', '.example.com', '*.example.com', 'EXAMPLE.com.']) {
      expect(direct(entry, 'https://example.com/x'), entry).toBe(true);
      expect(direct(entry, 'https://pypi.example.com/simple'), entry).toBe(true);
      expect(direct(entry, 'https://notexample.com/'), entry).toBe(false);
      expect(direct(entry, 'https://example.com.evil.net/'), entry).toBe(false);
    }
  });

  it('limits an entry with a port to that port, counting default ports', () => {
    expect(direct('mirror.lab:8080', 'http://mirror.lab:8080/')).toBe(true);
    expect(direct('mirror.lab:8080', 'http://mirror.lab/')).toBe(false);
    expect(direct('mirror.lab:443', 'https://mirror.lab/')).toBe(true);
    expect(direct('10.1.2.3:80', 'http://10.1.2.3/')).toBe(true);
    expect(direct('[::1]:8080', 'http://[::1]:8080/')).toBe(true);
    expect(direct('[::1]:8080', 'http://[::1]:9090/')).toBe(false);
  });

  it('matches IP addresses exactly and CIDR ranges by address, never by resolving a name', () => {
    expect(direct('10.0.0.0/8', 'http://10.200.3.4/')).toBe(true);
    expect(direct('10.0.0.0/8', 'http://11.0.0.1/')).toBe(false);
    expect(direct('10.0.0.0/8', 'http://ten.lab/')).toBe(false);
    expect(direct('192.168.1.0/24:3128', 'http://192.168.1.9:3128/')).toBe(true);
    expect(direct('192.168.1.0/24:3128', 'http://192.168.1.9/')).toBe(false);
    expect(direct('172.16.0.5', 'http://172.16.0.5/')).toBe(true);
    expect(direct('172.16.0.5', 'http://172.16.0.6/')).toBe(false);
    expect(direct('fd00::/8', 'https://[fd12::1]/')).toBe(true);
    expect(direct('fd00::/8', 'https://[fe80::1]/')).toBe(false);
    expect(direct('::1', 'http://[::1]/')).toBe(true);
    expect(direct('127.0.0.0/8', 'http://127.0.0.2:8000/')).toBe(true);
  });

  it('reads * alone as every host, splits on commas and spaces, and ignores junk', () => {
    expect(direct('*', 'https://download.pytorch.org/')).toBe(true);
    expect(direct(' a.lab ,b.lab  c.lab', 'https://c.lab/')).toBe(true);
    expect(direct('10.0.0.0/99,foo/bar,,', 'http://10.0.0.1/')).toBe(false);
    expect(direct('', 'http://10.0.0.1/')).toBe(false);
    expect(direct('.', 'http://anything/')).toBe(false);
  });
});

describe('which proxy a URL gets', () => {
  const env = { https_proxy: 'http://low:1', HTTPS_PROXY: 'http://up:1', HTTP_PROXY: 'http://plain:1', ALL_PROXY: 'http://all:1', NO_PROXY: '.corp.example,10.0.0.0/8' };

  it('prefers the lowercase name, falls back to ALL_PROXY, and lets NO_PROXY win', () => {
    expect(proxyFor(new URL('https://pypi.org/'), { env })).toBe('http://low:1');
    expect(proxyFor(new URL('http://pypi.org/'), { env })).toBe('http://plain:1');
    expect(proxyFor(new URL('http://pypi.org/'), { env: { ALL_PROXY: 'http://all:1' } })).toBe('http://all:1');
    expect(proxyFor(new URL('https://pypi.corp.example/'), { env })).toBeNull();
    expect(proxyFor(new URL('https://10.9.9.9/'), { env })).toBeNull();
  });

  it('takes an explicit proxy over the environment, and null as none at all', () => {
    expect(proxyFor(new URL('https://pypi.org/'), { env, proxy: 'http://mine:3128' })).toBe('http://mine:3128');
    expect(proxyFor(new URL('https://pypi.corp.example/'), { env, proxy: 'http://mine:3128' })).toBeNull();
    expect(proxyFor(new URL('https://pypi.org/'), { env, proxy: null })).toBeNull();
  });

  it('reads host:port as http, moves credentials into a token, and refuses other schemes without echoing a password', () => {
    expect(parseProxy('proxy.lan:3128')).toEqual({ uri: 'http://proxy.lan:3128' });
    expect(parseProxy('http://me:p%40ss@proxy.lan:3128')).toEqual({ uri: 'http://proxy.lan:3128', token: `Basic ${Buffer.from('me:p@ss').toString('base64')}` });
    expect(() => parseProxy('socks5://me:secret@proxy.lan:1080')).toThrow(/socks5:\/\/…@proxy\.lan/);
    expect(() => parseProxy('socks5://me:secret@proxy.lan:1080')).not.toThrow(/secret/);
  });
});
