import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, chownSync, existsSync, lchownSync, linkSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hostNvidiaArch, toolkitRunfile } from '../../data/installSources.js';
import { overlayDataTable } from '../../../testkit/install/dataOverlay.js';
import { recordedCalls, writeRecordingTool } from '../../../testkit/install/recordingTool.js';
import type { HelperReply } from './helperProtocol.js';
import { createHelperServer } from './helperServer.js';
import { publishedKeyringSha256 } from '../steps/cudaRepoStep.js';
import { downloadName, launchingUid } from './userDownload.js';

/**
 * Issue 27, items 2 and 5: what the elevated helper writes into root's paths, and which files it opens. Each attack
 * is a JSON line to the helper's real request handler on a simulated host (DLSETUP_SYSROOT) whose ldconfig,
 * update-alternatives, tar and sh only record their calls. A "normal user" is uid 65534: folders and files are
 * chowned to it (so these tests need root, as CI has).
 */
const RUN_ID = '20261203-101500-abc123';
const USER = 65534;
const isRoot = process.getuid?.() === 0;
const saved = { ...process.env };
let tmp: string;
let root: string;
let log: string;
let downloads: string;
const tried: Record<string, { tried: number; through: number }> = {};

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

beforeEach(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-paths-'));
  // The user must be able to reach their own download folder, as under /home.
  chmodSync(tmp, 0o755);
  root = path.join(tmp, 'root');
  log = path.join(tmp, 'calls.log');
  const bin = path.join(tmp, 'bin');
  for (const dir of ['etc/profile.d', 'etc/ld.so.conf.d', 'etc/alternatives', 'usr/local', 'opt', 'home']) mkdirSync(path.join(root, dir), { recursive: true, mode: 0o755 });
  writeFileSync(path.join(root, 'etc/os-release'), 'PRETTY_NAME="Ubuntu 24.04 LTS"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n');
  mkdirSync(bin);
  for (const tool of ['ldconfig', 'update-alternatives', 'tar', 'sh', 'apt-get', 'dpkg-query']) writeRecordingTool(bin, tool, log);
  // The user's DL Setup download folder: theirs, as the download client leaves it.
  downloads = path.join(tmp, 'home', 'cache', 'downloads');
  mkdirSync(downloads, { recursive: true, mode: 0o700 });
  for (const dir of ['home', 'home/cache', 'home/cache/downloads']) chownSync(path.join(tmp, dir), USER, USER);
  Object.assign(process.env, { DLSETUP_SYSROOT: root, DLSETUP_HOME: path.join(tmp, 'home'), PATH: `${bin}:${saved.PATH}` });
});

afterEach(() => {
  process.env = { ...saved };
  rmSync(tmp, { recursive: true, force: true });
});

afterAll(() => {
  // Quoted by the closing note: attempts per attack class and how many got through (must be 0).
  for (const [kind, count] of Object.entries(tried)) console.log(`helper paths, ${kind}: ${count.tried} attempts, ${count.through} got through`);
});

function count(kind: string, through: boolean): void {
  tried[kind] ??= { tried: 0, through: 0 };
  tried[kind].tried += 1;
  if (through) tried[kind].through += 1;
}

/** One helper server started for uid `owner` (as pkexec would say), fed `lines` in order. */
async function talk(lines: unknown[], owner = USER): Promise<HelperReply[]> {
  const replies: HelperReply[] = [];
  const server = createHelperServer((reply) => replies.push(reply), { downloadOwner: owner });
  for (const line of [{ type: 'hello', protocol: 1, runId: RUN_ID }, ...lines]) await server.handle(JSON.stringify(line));
  await server.idle();
  return replies;
}

const outcome = (replies: HelperReply[], requestId = 1) =>
  replies.find((r) => (r.type === 'refused' || r.type === 'failed' || r.type === 'done') && r.requestId === requestId);
const calls = (tool: string) => recordedCalls(log).filter((call) => call[0] === tool);
const at = (hostPath: string) => path.join(root, hostPath);

/** A folder in the sysroot with this owner and mode (chmod after mkdir: the umask does not get a say). */
function folder(hostPath: string, owner = 0, mode = 0o755): void {
  mkdirSync(at(hostPath), { recursive: true });
  chownSync(at(hostPath), owner, owner);
  chmodSync(at(hostPath), mode);
}

/** A CUDA toolkit tree whose folders all have this owner and mode. */
function toolkit(hostPath: string, owner = 0, mode = 0o755): void {
  for (const dir of [hostPath, `${hostPath}/bin`, `${hostPath}/lib64`]) folder(dir, owner, mode);
  writeFileSync(at(`${hostPath}/bin/nvcc`), '#!/bin/sh\n');
  chownSync(at(`${hostPath}/bin/nvcc`), owner, owner);
}

const PROFILE = '/etc/profile.d/dlsetup-cuda.sh';
const LD_CONF = '/etc/ld.so.conf.d/dlsetup-cuda.conf';
const envStep = (params: Record<string, unknown>) => ({ type: 'run-step', requestId: 1, stepId: 'env', kind: 'env-vars', params: { scope: 'system', ...params } });

describe.skipIf(!isRoot)("nothing a normal user can write enters root's PATH, library path or profile", () => {
  /** Each case: how the host looks, the env-vars params, and the component the refusal must name. */
  const cases: { name: string; arrange: () => void; params: Record<string, unknown>; component: string }[] = [
    { name: 'CUDA_HOME=/opt/conda owned by a normal user', arrange: () => toolkit('/opt/conda', USER), params: { cudaHome: '/opt/conda' }, component: '/opt/conda' },
    {
      name: 'a root-owned folder below a user-writable parent',
      arrange: () => {
        folder('/opt/lab', USER);
        toolkit('/opt/lab/cuda-12.6');
      },
      params: { cudaHome: '/opt/lab/cuda-12.6' },
      component: '/opt/lab',
    },
    {
      name: "a symlink from root's /usr/local/cuda-12.6 to a user's folder",
      arrange: () => {
        folder('/home/alice', USER);
        toolkit('/home/alice/cuda', USER);
        symlinkSync('/home/alice/cuda', at('/usr/local/cuda-12.6'));
      },
      params: { cudaHome: '/usr/local/cuda-12.6' },
      component: '/home/alice',
    },
    {
      name: 'a chain /usr/local/cuda → /etc/alternatives/cuda → a user-owned /opt/conda',
      arrange: () => {
        toolkit('/opt/conda', USER);
        symlinkSync('/opt/conda', at('/etc/alternatives/cuda'));
        symlinkSync('/etc/alternatives/cuda', at('/usr/local/cuda'));
      },
      params: { cudaHome: '/usr/local/cuda' },
      component: '/opt/conda',
    },
    {
      name: 'a relative symlink climbing out with ".." into a user folder',
      arrange: () => {
        toolkit('/opt/conda', USER);
        symlinkSync('../../opt/conda', at('/usr/local/cuda-12.6'));
      },
      params: { cudaHome: '/usr/local/cuda-12.6' },
      component: '/opt/conda',
    },
    { name: 'a group-writable folder (root:root 0775)', arrange: () => toolkit('/opt/shared', 0, 0o775), params: { cudaHome: '/opt/shared' }, component: '/opt/shared' },
    { name: 'a world-writable sticky folder like /tmp (root 1777)', arrange: () => folder('/opt/scratch', 0, 0o1777), params: { cudaHome: '/opt/scratch/cuda' }, component: '/opt/scratch' },
    {
      name: "CUDA_HOME root's, but its bin owned by a user (first on PATH)",
      arrange: () => {
        toolkit('/usr/local/cuda-12.6');
        chownSync(at('/usr/local/cuda-12.6/bin'), USER, USER);
      },
      params: { cudaHome: '/usr/local/cuda-12.6' },
      component: '/usr/local/cuda-12.6/bin',
    },
    {
      name: 'a library path in a user-owned folder',
      arrange: () => {
        toolkit('/usr/local/cuda-12.6');
        folder('/opt/conda', USER);
        folder('/opt/conda/lib', USER);
      },
      params: { cudaHome: '/usr/local/cuda-12.6', libraryPaths: ['/opt/conda/lib'] },
      component: '/opt/conda',
    },
    {
      name: "a symlink owned by a user in root's folder",
      arrange: () => {
        toolkit('/usr/local/cuda-12.6');
        symlinkSync('/usr/local/cuda-12.6', at('/usr/local/cuda'));
        lchownSync(at('/usr/local/cuda'), USER, USER);
      },
      params: { cudaHome: '/usr/local/cuda' },
      component: '/usr/local/cuda',
    },
    { name: '/usr/local itself writable by a user', arrange: () => chownSync(at('/usr/local'), USER, USER), params: { cudaHome: '/usr/local/cuda-12.6' }, component: '/usr/local' },
  ];

  it.each(cases)('refuses $name: UNAUTHORIZED naming the folder and the component, nothing written, ldconfig never runs', async ({ arrange, params, component }) => {
    arrange();
    const replies = await talk([envStep(params)]);
    const result = outcome(replies);
    const refused = result?.type === 'refused' && result.error.code === 'UNAUTHORIZED';
    count("user-writable folder into root's paths (env-vars)", !refused || existsSync(at(PROFILE)));
    expect(result).toMatchObject({ type: 'refused', error: { code: 'UNAUTHORIZED', message: expect.stringContaining(`${component} can be changed by a user other than root`) } });
    expect(result?.type === 'refused' && result.error.message).toContain('Use a toolkit folder root installed');
    expect(existsSync(at(PROFILE))).toBe(false);
    expect(existsSync(at(LD_CONF))).toBe(false);
    expect(calls('ldconfig')).toEqual([]);
  });

  it('says the refusal in Simplified Chinese when the hello asked for it', async () => {
    toolkit('/opt/conda', USER);
    const replies: HelperReply[] = [];
    const server = createHelperServer((reply) => replies.push(reply), { downloadOwner: USER });
    await server.handle(JSON.stringify({ type: 'hello', protocol: 1, runId: RUN_ID, locale: 'zh-CN' }));
    await server.handle(JSON.stringify(envStep({ cudaHome: '/opt/conda' })));
    expect(outcome(replies)).toMatchObject({ type: 'refused', error: { code: 'UNAUTHORIZED', message: expect.stringContaining('/opt/conda 可以被 root 以外的用户修改') } });
  });

  it("writes a toolkit root owns, reached through root's own symlinks, and one not there yet under a root-only folder", async () => {
    toolkit('/usr/local/cuda-12.6');
    symlinkSync('/usr/local/cuda-12.6', at('/etc/alternatives/cuda'));
    symlinkSync('/etc/alternatives/cuda', at('/usr/local/cuda'));
    expect(outcome(await talk([envStep({ cudaHome: '/usr/local/cuda' })]))).toMatchObject({ type: 'done' });
    expect(readFileSync(at(PROFILE), 'utf8')).toContain('/usr/local/cuda');
    expect(outcome(await talk([{ ...envStep({ cudaHome: '/usr/local/cuda-13.0' }), requestId: 2 }]), 2)).toMatchObject({ type: 'done' });
  });

  it('refuses a cuDNN archive step when /opt/dlsetup is a user\'s folder: nothing unpacked, no ld.so.conf.d line', async () => {
    folder('/opt/dlsetup', USER);
    const replies = await talk([{ type: 'run-step', requestId: 1, stepId: 'dnn', kind: 'cudnn', params: { version: '9.6.0', cudaMajor: '12', method: 'archive', archive: path.join(downloads, 'x.tar.xz') } }]);
    count("user-writable folder into root's paths (cudnn, alternatives)", outcome(replies)?.type !== 'refused');
    expect(outcome(replies)).toMatchObject({ type: 'refused', error: { code: 'UNAUTHORIZED', message: expect.stringContaining('/opt/dlsetup can be changed by a user other than root') } });
    expect(readdirSync(at('/opt/dlsetup'))).toEqual([]);
    expect(readdirSync(at('/etc/ld.so.conf.d'))).toEqual([]);
    expect(calls('tar')).toEqual([]);
  });

  it('refuses to make a user-owned /usr/local/cuda-12.6 the "cuda" alternative', async () => {
    toolkit('/usr/local/cuda-12.6', USER);
    const replies = await talk([{ type: 'run-step', requestId: 1, stepId: 'tk', kind: 'cuda-toolkit', params: { version: '12.6.3', series: '12.6', method: 'apt', setActive: true } }]);
    const changed = calls('update-alternatives').filter((call) => call[1] !== '--query');
    count("user-writable folder into root's paths (cudnn, alternatives)", outcome(replies)?.type !== 'refused' || changed.length > 0);
    expect(outcome(replies)).toMatchObject({ type: 'refused', error: { code: 'UNAUTHORIZED', message: expect.stringContaining('/usr/local/cuda-12.6 can be changed by a user other than root') } });
    expect(changed).toEqual([]);
  });
});

describe.skipIf(!isRoot)('the helper opens only the user\'s own download of what data/ names, checksum first, and says the same for anything else', () => {
  const runfile = () => toolkitRunfile('12.6.3', hostNvidiaArch())!;
  const name = () => downloadName(runfile());
  const cache = () => at(`/var/cache/dlsetup/${RUN_ID}`);
  const toolkitStep = (source: string, requestId = 1) => ({ type: 'run-step', requestId, stepId: 'tk', kind: 'cuda-toolkit', params: { version: '12.6.3', method: 'runfile', useRunfile: true, setActive: false, runfile: source } });

  /** A file with this owner and mode in a folder with this owner and mode (created as needed). */
  function file(filePath: string, content: string | Buffer, owner: number, mode: number, dirOwner = owner, dirMode = 0o700): string {
    mkdirSync(path.dirname(filePath), { recursive: true });
    chownSync(path.dirname(filePath), dirOwner, dirOwner);
    chmodSync(path.dirname(filePath), dirMode);
    writeFileSync(filePath, content);
    chownSync(filePath, owner, owner);
    chmodSync(filePath, mode);
    return filePath;
  }
  const secret = () => file(path.join(tmp, 'rootonly', 'downloads', name()), `root:$6$salt$hash:19000:0:99999:7:::\n${'x'.repeat(2 * 1024 * 1024)}`, 0, 0o600, 0, 0o700);

  /** Each attack: the path the request names, set up as the attacker would. */
  const attacks: { name: string; source: () => string }[] = [
    { name: 'a root-only file (0600 root in a 0700 root folder) under the derived name', source: secret },
    { name: 'a root-only file under its own name', source: () => file(path.join(tmp, 'rootonly', 'shadow'), 'root:x\n', 0, 0o600, 0, 0o700) },
    { name: '/dev/zero', source: () => '/dev/zero' },
    {
      name: 'a FIFO in the user\'s download folder under the derived name',
      source: () => {
        execFileSync('mkfifo', [path.join(downloads, name())]);
        chownSync(path.join(downloads, name()), USER, USER);
        return path.join(downloads, name());
      },
    },
    { name: 'a missing file in the user\'s download folder', source: () => path.join(downloads, name()) },
    {
      name: 'a huge sparse file of the user\'s (8 GiB + 1 byte)',
      source: () => {
        const huge = file(path.join(downloads, name()), '', USER, 0o600, USER);
        truncateSync(huge, 8 * 1024 ** 3 + 1);
        return huge;
      },
    },
    {
      name: 'a symlink in the user\'s download folder to a root-only file',
      source: () => {
        const target = secret();
        symlinkSync(target, path.join(downloads, name()));
        return path.join(downloads, name());
      },
    },
    {
      name: 'a symlink in the user\'s download folder to /dev/zero',
      source: () => {
        symlinkSync('/dev/zero', path.join(downloads, name()));
        return path.join(downloads, name());
      },
    },
    {
      name: 'a download folder that is a symlink into a root-only folder',
      source: () => {
        secret();
        const linked = path.join(tmp, 'home', 'cache', 'linked', 'downloads');
        mkdirSync(path.dirname(linked), { recursive: true });
        symlinkSync(path.join(tmp, 'rootonly', 'downloads'), linked);
        return path.join(linked, name());
      },
    },
    {
      name: 'a hard link in the user\'s download folder to a root-only file',
      source: () => {
        linkSync(secret(), path.join(downloads, name()));
        return path.join(downloads, name());
      },
    },
    { name: "root's own download folder (world-readable, root-owned)", source: () => file(path.join(tmp, 'rootcache', 'downloads', name()), 'not the runfile\n', 0, 0o644, 0, 0o755) },
    { name: "another user's file in this user's folder", source: () => file(path.join(downloads, name()), 'not the runfile\n', USER - 1, 0o644, USER) },
    { name: "the user's own file whose sha256 does not match data/", source: () => file(path.join(downloads, name()), '#!/bin/sh\necho not NVIDIA\n', USER, 0o600, USER) },
  ];

  it.each(attacks)('refuses $name: the same code and sentence, nothing read into the cache, nothing run', async ({ source }) => {
    const replies = await talk([toolkitStep(source())]);
    const result = outcome(replies);
    const message = result?.type === 'failed' ? result.error.message : '';
    const same = result?.type === 'failed' && result.error.code === 'CHECKSUM_MISMATCH' && result.error.key === 'install:artifact.notYourDownload';
    count('helper opens a file it was named (cuda-toolkit runfile)', !same || calls('sh').length > 0 || existsSync(cache()));
    expect(result).toMatchObject({ type: 'failed', error: { code: 'CHECKSUM_MISMATCH', key: 'install:artifact.notYourDownload', params: { file: name() } } });
    // Word for word the same whatever the path was: nothing tells a missing, a special and a root-only file apart.
    expect(message).toBe(
      `${name()} was not taken: the administrator helper only takes the file DL Setup downloaded for you, as your own file in your DL Setup download folder, and only while its sha256 still matches. Nothing was copied or run. Run the install again: DL Setup downloads and checks it again.`,
    );
    expect(calls('sh')).toEqual([]);
    expect(existsSync(cache())).toBe(false);
  });

  it('refuses a cuda-repo keyring that is a root-only file, and one of the user\'s over the 1 MiB bound, the same way', async () => {
    const keyringName = (sha: string) => `${sha.slice(0, 16)}-cuda-keyring_1.1-1_all.deb`;
    const sha = publishedKeyringSha256({ distro: 'ubuntu2404', arch: 'x86_64', keyringVersion: '1.1-1' })!;
    const rootOnly = file(path.join(tmp, 'rootonly', 'downloads', keyringName(sha)), 'secret\n', 0, 0o600, 0, 0o700);
    const big = file(path.join(downloads, keyringName(sha)), '', USER, 0o600, USER);
    truncateSync(big, 1024 ** 2 + 1);
    const replies = await talk([rootOnly, big].map((keyringFile, index) => ({ type: 'run-step', requestId: index + 1, stepId: 'repo', kind: 'cuda-repo', params: { distro: 'ubuntu2404', arch: 'x86_64', keyringFile } })));
    for (const requestId of [1, 2]) {
      const result = outcome(replies, requestId);
      count('helper opens a file it was named (cuda-repo keyring)', !(result?.type === 'failed' && result.error.key === 'install:artifact.notYourDownload'));
      expect(result).toMatchObject({ type: 'failed', error: { code: 'CHECKSUM_MISMATCH', key: 'install:artifact.notYourDownload', params: { file: keyringName(sha) } } });
    }
    expect(calls('apt-get')).toEqual([]);
    expect(existsSync(cache())).toBe(false);
  });

  it("takes the user's own verified download, runs the root-only copy, and leaves no copy behind", async () => {
    const content = `#!/bin/sh\necho NVIDIA stand-in\n`;
    overlayDataTable<{ runfiles: { version: string; arch: string; url: string; sha256: string }[] }>(path.join(tmp, 'data'), 'nvidia-install-sources', (table) => {
      const row = table.runfiles.find((candidate) => candidate.version === '12.6.3' && candidate.arch === hostNvidiaArch())!;
      row.sha256 = sha256(content);
    });
    const source = file(path.join(downloads, name()), content, USER, 0o600, USER);
    const replies = await talk([toolkitStep(source)]);
    expect(outcome(replies)).toMatchObject({ type: 'done' });
    const ran = calls('sh');
    expect(ran).toHaveLength(1);
    expect(ran[0]![1]).toBe(path.join(cache(), name()));
    expect(existsSync(cache())).toBe(false);
  });
});

/** A random host under /opt: each name a folder (some owner, some mode) or a symlink (some owner) to another name. */
type Node = { kind: 'dir'; owner: number; mode: number } | { kind: 'link'; owner: number; to: string; absolute: boolean };
const NAMES = ['a', 'b', 'c', 'd', 'e'];
const nodeArb: fc.Arbitrary<Node> = fc.oneof(
  fc.record({ kind: fc.constant('dir' as const), owner: fc.constantFrom(0, USER), mode: fc.constantFrom(0o755, 0o700, 0o775, 0o757, 0o1777, 0o2755) }),
  fc.record({ kind: fc.constant('link' as const), owner: fc.constantFrom(0, 0, USER), to: fc.constantFrom(...NAMES), absolute: fc.boolean() }),
);

/** The model's answer, from the generator's own description (not from disk): can someone but root change what /opt/<name> leads to? */
function userChangeable(host: Record<string, Node>, name: string, seen: string[] = []): boolean {
  const node = host[name]!;
  // A loop never resolves: the helper must not write it either.
  if (seen.includes(name)) return true;
  if (node.kind === 'dir') return node.owner !== 0 || (node.mode & 0o022) !== 0;
  return node.owner !== 0 || userChangeable(host, node.to, [...seen, name]);
}

describe.skipIf(!isRoot)('fuzz: sequences of env-vars requests over random hosts of folders and symlinks', () => {
  it("writes a folder into root's profile exactly when nothing on its way is a normal user's, request after request in one helper", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.constantFrom(...NAMES), nodeArb, { minKeys: 5, maxKeys: 5 }), fc.array(fc.constantFrom(...NAMES), { minLength: 2, maxLength: 4 }), async (host, requests) => {
        const opt = at('/opt');
        rmSync(opt, { recursive: true, force: true });
        rmSync(at(PROFILE), { force: true });
        rmSync(at(LD_CONF), { force: true });
        mkdirSync(opt, { mode: 0o755 });
        for (const [name, node] of Object.entries(host)) {
          const where = path.join(opt, name);
          if (node.kind === 'dir') {
            mkdirSync(where);
            chownSync(where, node.owner, node.owner);
            chmodSync(where, node.mode);
          } else {
            symlinkSync(node.absolute ? `/opt/${node.to}` : node.to, where);
            lchownSync(where, node.owner, node.owner);
          }
        }
        const replies: HelperReply[] = [];
        const server = createHelperServer((reply) => replies.push(reply), { downloadOwner: USER });
        await server.handle(JSON.stringify({ type: 'hello', protocol: 1, runId: RUN_ID }));
        for (const [index, name] of requests.entries()) {
          await server.handle(JSON.stringify({ ...envStep({ cudaHome: `/opt/${name}` }), requestId: index + 1 }));
          await server.idle();
          const result = outcome(replies, index + 1);
          const expected = userChangeable(host, name) ? 'refused' : 'done';
          if (expected === 'refused') count('fuzz: env-vars sequences over random folders and symlinks', result?.type !== 'refused');
          expect({ name, host, type: result?.type, code: result?.type === 'refused' ? result.error.code : undefined }).toEqual({
            name,
            host,
            type: expected,
            code: expected === 'refused' ? 'UNAUTHORIZED' : undefined,
          });
        }
        // Whatever the sequence, root's profile names only a folder the model calls root's alone.
        const written = existsSync(at(PROFILE)) ? /CUDA_HOME='?\/opt\/([a-e])/.exec(readFileSync(at(PROFILE), 'utf8'))?.[1] : undefined;
        if (written) expect(userChangeable(host, written)).toBe(false);
      }),
      { numRuns: 60, timeout: 20_000, seed: 27_002 },
    );
  });
});

describe('whose downloads the helper process takes', () => {
  it('is the user pkexec or sudo names (they set these themselves), else its own uid; anything else is not a uid', () => {
    expect(launchingUid({ PKEXEC_UID: '1000', SUDO_UID: '1001' })).toBe(1000);
    expect(launchingUid({ SUDO_UID: '1001' })).toBe(1001);
    expect(launchingUid({ PKEXEC_UID: '0; rm -rf /', SUDO_UID: '-1' })).toBe(process.getuid?.());
    expect(launchingUid({})).toBe(process.getuid?.());
  });
});
