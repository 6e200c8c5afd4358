import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { checkSchema } from './checkSchema.js';
import { debPackage, hostPath, mirror, pathUnder, pipRequirement, proxy, safePath, text, url } from './safeText.js';

const accepts = (schema: v.GenericSchema, value: unknown) => checkSchema(schema, value).ok;
const problem = (schema: v.GenericSchema, value: unknown) => {
  const result = checkSchema(schema, value, { field: 'value' });
  return result.ok ? 'ok' : result.error.message;
};

describe('the shared primitives', () => {
  it('text refuses every control character, the line separators and bidi overrides, and names the one it found', () => {
    for (const char of ['\u0000', '\n', '\r', '\t', '\u001b', '\u007f', '\u0085', '\u2028', '\u2029', '\u202e', '\u2066', '\ufeff']) {
      expect(problem(text(), `a${char}b`), JSON.stringify(char)).toContain(`U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
    }
    expect(accepts(text(), 'NVIDIA GeForce RTX 4090 · 计算能力 8.9')).toBe(true);
    expect(problem(text(10), 'x'.repeat(11))).toBe('value is not accepted: it is longer than 10 characters.');
  });

  it('paths are absolute, normalised and limited to [A-Za-z0-9._/+-]', () => {
    for (const good of ['/', '/usr/local/cuda-12.6', '/opt/dlsetup/cudnn-9.1+x_y']) expect(accepts(safePath, good), good).toBe(true);
    for (const bad of ['usr/local', '/usr//local', '/usr/local/', '/usr/./local', '/usr/../etc', '/..', '/usr/local/cuda;touch /tmp/x', '/a b', '/$(id)', '/a`b`', "/a'b", '/a\nb', '/é']) {
      expect(accepts(safePath, bad), bad).toBe(false);
    }
    expect(problem(pathUnder(['/usr/local', '/opt']), '/etc/profile.d')).toBe('value is not accepted: it must lie inside /usr/local, /opt.');
    expect(accepts(pathUnder(['/usr/local']), '/usr/localevil')).toBe(false);
    expect(accepts(hostPath, 'C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v12.6')).toBe(true);
    expect(accepts(hostPath, 'C:\\Program Files\\..\\Windows')).toBe(false);
    expect(accepts(hostPath, 'C:\\a&b')).toBe(false);
  });

  it('package names never start with "-", so apt and pip cannot read them as options', () => {
    expect(accepts(debPackage, 'nvidia-driver-580')).toBe(true);
    for (const bad of ['-oDPkg::Pre-Invoke::=touch /tmp/x', '--reinstall', 'a b', 'Nvidia']) expect(accepts(debPackage, bad), bad).toBe(false);
    for (const good of ['torch==2.5.1', 'jax[cuda12]==0.4.38', 'tensorflow[and-cuda]==2.14.0', 'numpy>=1.26,<2']) expect(accepts(pipRequirement, good), good).toBe(true);
    for (const bad of ['--index-url=https://evil', '-e .', 'torch; os.system("x")', 'torch @ https://x/y.whl']) expect(accepts(pipRequirement, bad), bad).toBe(false);
  });

  it('URLs are https (http only on loopback) without credentials, queries or quotes; mirrors and proxies have their own forms', () => {
    for (const good of ['https://download.pytorch.org/whl/cu126', 'http://127.0.0.1:8765/whl', 'http://localhost/simple', 'https://mirrors.aliyun.com/pypi/simple/']) expect(accepts(url, good), good).toBe(true);
    for (const bad of ['http://example.com/', 'file:///etc/passwd', 'https://user:pw@host/', 'https://host/?q=1', "https://host/'a'", 'https://host/a b', 'https://host/$(id)']) {
      expect(accepts(url, bad), bad).toBe(false);
    }
    expect(accepts(mirror, 'tuna')).toBe(true);
    expect(accepts(mirror, '--index-url')).toBe(false);
    expect(accepts(proxy, 'http://user:p%40ss@proxy.example:3128')).toBe(true);
    expect(accepts(proxy, 'http://proxy.example:3128;id')).toBe(false);
  });
});
