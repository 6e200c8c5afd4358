import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostileText, hostileValue, jsonText, mutated, refusedText } from '../../../testkit/hostileInputs.js';
import { recordedCalls, writeRecordingTool } from '../../../testkit/install/recordingTool.js';
import type { HelperReply } from './helperProtocol.js';
import { createHelperServer } from './helperServer.js';

/**
 * Fuzzing the elevated helper's request handler (issue 15, item 9): hostile JSON lines after a valid hello. Every
 * run-step carries a hostile value in a field its step's parse() reads, so nothing may run: each is refused with a
 * listed code before a command starts; undo, hello, cancel and garbage lines end refused, failed (not INTERNAL) or,
 * for an undo with nothing recorded, done with nothing undone. The host is a sysroot whose tools only record calls.
 */

const RUN_ID = '20261203-101500-abc123';
const REFUSAL_CODES = ['UNAUTHORIZED', 'INVALID_ARGUMENT'];
const TOOLS = ['apt-get', 'apt-cache', 'apt-key', 'dpkg', 'dpkg-query', 'ldconfig', 'update-initramfs', 'update-alternatives', 'ubuntu-drivers', 'modprobe', 'mokutil', 'tar', 'sh', 'bash', 'sudo', 'nvidia-smi', 'curl', 'wget', 'gpg', 'systemctl', 'rm', 'cp', 'mv', 'chmod', 'install'];
const saved = { ...process.env };
let tmp: string;
let root: string;
let log: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-helper-fuzz-'));
  root = path.join(tmp, 'root');
  log = path.join(tmp, 'calls.log');
  const bin = path.join(tmp, 'bin');
  for (const dir of ['etc/profile.d', 'etc/ld.so.conf.d', 'etc/apt/sources.list.d', 'opt', 'usr/local']) mkdirSync(path.join(root, dir), { recursive: true });
  writeFileSync(path.join(root, 'etc/os-release'), 'PRETTY_NAME="Ubuntu 24.04 LTS"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n');
  mkdirSync(bin);
  for (const tool of TOOLS) writeRecordingTool(bin, tool, log);
  // Only recording tools on PATH: whatever the helper would start is written down instead of run.
  Object.assign(process.env, { DLSETUP_SYSROOT: root, DLSETUP_HOME: path.join(tmp, 'home'), PATH: bin });
});

afterAll(() => {
  process.env = { ...saved };
  rmSync(tmp, { recursive: true, force: true });
  // Quoted by the closing note: inputs tried per boundary and how many got through (must be 0).
  console.log(`fuzz elevated helper: ${tried} hostile lines, ${through} got through`);
});

/** Plausible descriptors per elevated kind, and the fields each step's parse() reads and checks. */
const BASE: Record<string, { params: Record<string, unknown>; checked: string[] }> = {
  driver: { params: { branch: '580', os: 'linux' }, checked: ['branch', 'minimum', 'os'] },
  'cuda-repo': { params: { distro: 'ubuntu2404', arch: 'x86_64' }, checked: ['distro', 'arch', 'keyringVersion', 'mirror', 'keyringFile'] },
  'cuda-toolkit': { params: { version: '12.6.3', series: '12.6', method: 'apt' }, checked: ['version', 'series', 'method', 'runfile'] },
  cudnn: { params: { version: '9.1.0', cudaMajor: '12', method: 'apt' }, checked: ['version', 'cudaMajor', 'cudaSeries', 'method', 'archive'] },
  'env-vars': { params: { scope: 'system', cudaHome: '/usr/local/cuda-12.6' }, checked: ['scope', 'cudaHome', 'libraryPaths'] },
};

/** A value no checked field accepts: text with a piece no pattern allows, or the wrong type. */
const refusedValue = fc.oneof(
  { weight: 4, arbitrary: refusedText },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -1, Number.POSITIVE_INFINITY, true, false, null, [], {}, ['/usr/local/cuda;id'], { path: '/etc' }) },
);

/** A run-step: a plausible descriptor, one random change anywhere, then a refused value in a checked field. */
const runStep = fc
  .tuple(fc.constantFrom(...Object.keys(BASE)), fc.nat(), fc.oneof(fc.constant('driver'), fc.constant('cuda-toolkit'), hostileText))
  .chain(([kind, requestId, stepId]) =>
    fc.tuple(mutated({ type: 'run-step', requestId, stepId, kind, params: BASE[kind]!.params }), fc.constantFrom(...BASE[kind]!.checked), refusedValue).map(([request, field, value]) => {
      if (!request || typeof request !== 'object' || Array.isArray(request)) return request;
      const params = (request as { params?: unknown }).params;
      // A copy: the mutation may share BASE's params object.
      return params && typeof params === 'object' && !Array.isArray(params) ? { ...request, params: { ...params, [field]: value } } : request;
    }),
  );

const otherLine = fc.oneof(
  mutated({ type: 'undo', requestId: 7, runId: RUN_ID, stepId: 'cuda-toolkit' }),
  mutated({ type: 'hello', protocol: 1, runId: RUN_ID, locale: 'zh-CN' }),
  mutated({ type: 'cancel', requestId: 7 }),
  mutated({ type: 'bye' }),
  hostileValue,
);

/** A line as sent: JSON of a request, or text that is not JSON at all. */
const line = fc.oneof({ weight: 6, arbitrary: runStep.map(jsonText) }, { weight: 3, arbitrary: otherLine.map(jsonText) }, { weight: 1, arbitrary: hostileText });

let tried = 0;
let through = 0;

/** What is wrong with the replies to one line, or null when they are what a hostile line may get. */
function problemWith(text: string, replies: HelperReply[]): string | null {
  let request: { type?: unknown } | null = null;
  try {
    request = JSON.parse(text) as { type?: unknown };
  } catch {
    // Not JSON: refused like any other garbage.
  }
  const type = request && typeof request === 'object' ? request.type : undefined;
  for (const reply of replies) {
    if (reply.type === 'refused' && !REFUSAL_CODES.includes(reply.error?.code ?? '')) return `refused with ${reply.error?.code}`;
    if (reply.type === 'failed' && (reply.error.code === 'INTERNAL' || type === 'run-step')) return `failed with ${reply.error.code}`;
    if (reply.type === 'ready' && type !== 'hello') return 'ready to a line that was not a hello';
    if (reply.type === 'done' && !(type === 'undo' && (reply.value.undone ?? []).length === 0)) return 'done: something ran or was undone';
    if (['log', 'progress', 'change', 'command'].includes(reply.type)) return `${reply.type}: something ran`;
  }
  if (type === 'run-step' && !(replies.length === 1 && replies[0]!.type === 'refused')) return 'a run-step was not refused';
  return null;
}

describe('fuzz: the elevated helper\'s request handler', () => {
  it('hostile lines after a valid hello: refused or failed with a listed code, and no tool ever runs', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { minLength: 1, maxLength: 5 }), async (lines) => {
        const replies: HelperReply[] = [];
        const server = createHelperServer((reply) => replies.push(reply));
        await server.handle(JSON.stringify({ type: 'hello', protocol: 1, runId: RUN_ID }));
        expect(replies).toMatchObject([{ type: 'ready' }]);
        for (const text of lines) {
          const from = replies.length;
          rmSync(log, { force: true });
          await server.handle(text);
          await server.idle();
          tried += 1;
          const problem = problemWith(text, replies.slice(from));
          const ran = recordedCalls(log);
          if (problem || ran.length > 0) through += 1;
          expect({ problem, ran, replies: replies.slice(from) }, text.slice(0, 300)).toMatchObject({ problem: null, ran: [] });
        }
      }),
      { numRuns: 500, timeout: 10_000, seed: 15_097 },
    );
    // Nothing was written where a root step writes.
    for (const dir of ['etc/profile.d', 'etc/ld.so.conf.d', 'etc/apt/sources.list.d', 'opt', 'usr/local']) expect(readdirSync(path.join(root, dir)), dir).toEqual([]);
    expect(existsSync(path.join(root, 'var/lib/dlsetup/runs', `${RUN_ID}.jsonl`))).toBe(false);
  });
});
