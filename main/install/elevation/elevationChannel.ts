import { spawn, type ChildProcess } from 'node:child_process';
import type net from 'node:net';
import path from 'node:path';
import readline from 'node:readline';
import { packageRoot } from '../../appPaths.js';
import { DlsetupError, isErrorCode, type AppError } from '../../../shared/errors.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { StepContextSinks } from '../stepContext.js';
import { connectBackArgs, listenForHelper } from './connectBack.js';
import { createHelperServer } from './helperServer.js';
import { elevatedDescriptor, isElevatedKind } from './elevatedDescriptor.js';
import { HELPER_PROTOCOL, type HelperDone, type HelperReply, type HelperRequest } from './helperProtocol.js';
import type { StepParams } from '../installStep.js';
import { launchWithUac } from './uacLaunch.js';

/** pkexec/sudo pipe the helper's stdin/stdout; 'uac' (Windows) starts it through the consent prompt and it connects back. */
export type ElevationMode = 'pkexec' | 'sudo' | 'sudo-noninteractive' | 'uac' | 'direct';

export type ElevatedResult = HelperDone;

/**
 * The one elevated helper of a run: every elevated step and undo goes through it as a typed descriptor. A step
 * goes as its kind's descriptor fields only (versions, branches, OS facts, downloaded files); an undo names the step
 * only, and the helper undoes what its own journal says that step changed (issue 15).
 */
export interface ElevationChannel {
  readonly mode: ElevationMode;
  runStep(stepId: string, kind: string, params: StepParams, sinks: StepContextSinks, signal: AbortSignal): Promise<ElevatedResult>;
  undo(stepId: string, sinks: StepContextSinks): Promise<ElevatedResult>;
  close(): Promise<void>;
}

/** Where the compiled helper entry lives; DLSETUP_HELPER_ENTRY points tests at a bundle built from source. */
export function helperEntryPath(): string {
  return process.env.DLSETUP_HELPER_ENTRY ?? path.join(packageRoot, 'dist', 'main', 'install', 'elevation', 'elevatedHelper.js');
}

/** The flag that turns the desktop app's own binary into the elevated helper (release builds cannot run as plain Node). */
export const ELEVATED_HELPER_FLAG = '--dlsetup-elevated-helper';

/**
 * The helper program itself, without anything that elevates it. Under Electron the RunAsNode fuse is off, so the
 * app's binary starts itself in helper mode (headless on Linux: pkexec strips DISPLAY); under Node it runs the
 * compiled entry.
 */
export function helperCommand(entry = helperEntryPath(), platform: NodeJS.Platform = process.platform): string[] {
  if (!process.versions.electron) return [process.execPath, entry];
  return platform === 'linux' ? [process.execPath, '--ozone-platform=headless', ELEVATED_HELPER_FLAG] : [process.execPath, ELEVATED_HELPER_FLAG];
}

/** The argv that starts the helper through pkexec or sudo (its stdin/stdout become the JSON-line channel). */
export function helperArgv(mode: Exclude<ElevationMode, 'direct' | 'uac'>, entry = helperEntryPath()): string[] {
  const helper = helperCommand(entry);
  if (mode === 'pkexec') return ['pkexec', ...helper];
  if (mode === 'sudo') return ['sudo', '--', ...helper];
  return ['sudo', '-n', '--', ...helper];
}

/**
 * Chooses how to elevate: UAC on Windows (it shows its own prompt, for the CLI too), nothing when already root,
 * pkexec for the GUI, sudo for the CLI (-n with --yes).
 */
export function chooseElevationMode(face: 'gui' | 'cli', nonInteractive: boolean, platform: NodeJS.Platform = process.platform): ElevationMode {
  if (platform === 'win32') return 'uac';
  if (process.getuid?.() === 0) return 'direct';
  if (face === 'gui') return 'pkexec';
  return nonInteractive ? 'sudo-noninteractive' : 'sudo';
}

class JsonLineChannel implements ElevationChannel {
  private nextId = 1;
  private readonly waiting = new Map<number, { sinks: StepContextSinks; resolve: (value: ElevatedResult) => void; reject: (error: Error) => void }>();
  private ready: Promise<void>;
  private resolveReady!: () => void;
  private rejectReady!: (error: Error) => void;
  private closed = false;
  private runId = '';
  isReady = false;

  constructor(
    readonly mode: ElevationMode,
    private readonly write: (line: string) => void,
    private readonly shutdown: () => Promise<void>,
  ) {
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => undefined);
  }

  start(runId: string, locale?: Locale): Promise<void> {
    this.runId = runId;
    // The helper writes its step messages in the run's language too.
    this.send({ type: 'hello', protocol: HELPER_PROTOCOL, runId, ...(locale && locale !== 'en' ? { locale } : {}) });
    return this.ready;
  }

  private send(request: HelperRequest): void {
    if (this.closed) throw new DlsetupError('ELEVATION_DENIED', 'The elevated helper is no longer running.');
    this.write(`${JSON.stringify(request)}\n`);
  }

  receive(line: string): void {
    let reply: HelperReply;
    try {
      reply = JSON.parse(line) as HelperReply;
    } catch {
      return;
    }
    if (reply.type === 'ready') {
      if (reply.protocol === HELPER_PROTOCOL) {
        this.isReady = true;
        this.resolveReady();
      }
      else this.rejectReady(new DlsetupError('INTERNAL', 'The elevated helper is a different version of DL Setup; reinstall DL Setup.'));
      return;
    }
    if (reply.requestId === null) {
      this.rejectReady(refusedError(reply));
      for (const waiter of this.waiting.values()) waiter.reject(refusedError(reply));
      this.waiting.clear();
      return;
    }
    const waiter = this.waiting.get(reply.requestId);
    if (!waiter) return;
    switch (reply.type) {
      case 'log':
        waiter.sinks.log(reply.stream, reply.line, reply.command);
        return;
      case 'progress':
        waiter.sinks.progress(reply.fraction, reply.detail, reply.bytes);
        return;
      case 'change':
        waiter.sinks.record(reply.change);
        return;
      case 'command':
        waiter.sinks.command(reply.record);
        return;
      case 'done':
        this.waiting.delete(reply.requestId);
        waiter.resolve(reply.value);
        return;
      case 'failed':
        this.waiting.delete(reply.requestId);
        waiter.reject(fromAppError(reply.error));
        return;
      case 'refused':
        this.waiting.delete(reply.requestId);
        waiter.reject(refusedError(reply));
        return;
    }
  }

  /** The helper died: everything waiting fails with `error`. */
  fail(error: DlsetupError): void {
    this.closed = true;
    this.rejectReady(error);
    for (const waiter of this.waiting.values()) waiter.reject(error);
    this.waiting.clear();
  }

  private request(body: HelperRequest & { requestId: number }, sinks: StepContextSinks, signal?: AbortSignal): Promise<ElevatedResult> {
    return new Promise((resolve, reject) => {
      this.waiting.set(body.requestId, { sinks, resolve, reject });
      const onAbort = () => this.send({ type: 'cancel', requestId: body.requestId });
      signal?.addEventListener('abort', onAbort, { once: true });
      const cleanup = () => signal?.removeEventListener('abort', onAbort);
      this.waiting.get(body.requestId)!.resolve = (value) => {
        cleanup();
        resolve(value);
      };
      this.waiting.get(body.requestId)!.reject = (error) => {
        cleanup();
        reject(error);
      };
      this.send(body);
    });
  }

  runStep(stepId: string, kind: string, params: StepParams, sinks: StepContextSinks, signal: AbortSignal): Promise<ElevatedResult> {
    // Package names, URLs and checksums stay behind: the helper derives its own from data/.
    const descriptor = isElevatedKind(kind) ? elevatedDescriptor(kind, params) : {};
    return this.request({ type: 'run-step', requestId: this.nextId++, stepId, kind, params: descriptor }, sinks, signal);
  }

  undo(stepId: string, sinks: StepContextSinks): Promise<ElevatedResult> {
    return this.request({ type: 'undo', requestId: this.nextId++, runId: this.runId, stepId }, sinks);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      this.send({ type: 'bye' });
    } catch {
      // Already gone.
    }
    this.closed = true;
    await this.shutdown();
  }
}

/** A refusal keeps the helper's code (a field it does not take is INVALID_ARGUMENT), UNAUTHORIZED otherwise. */
function refusedError(reply: HelperReply): DlsetupError {
  if (reply.type !== 'refused') return new DlsetupError('UNAUTHORIZED', 'The elevated helper refused the request.');
  return new DlsetupError(isErrorCode(reply.code) ? reply.code : 'UNAUTHORIZED', reply.reason);
}

function fromAppError(error: AppError): DlsetupError {
  return new DlsetupError(error.code, error.message, { detail: error.detail });
}

/** DL Setup already runs as root (CI): no second process, but the very same JSON descriptors and validation. */
function startDirect(runId: string, locale?: Locale): Promise<ElevationChannel> {
  const holder: { channel?: JsonLineChannel } = {};
  const server = createHelperServer((reply) => queueMicrotask(() => holder.channel!.receive(JSON.stringify(reply))));
  const channel = new JsonLineChannel('direct', (line) => void server.handle(line.trim()), () => server.idle());
  holder.channel = channel;
  return channel.start(runId, locale).then(() => channel);
}

function deniedMessage(mode: ElevationMode, exitCode: number | null, stderr: string): DlsetupError {
  if (mode === 'sudo-noninteractive' && /password is required|a terminal is required/i.test(stderr)) {
    return new DlsetupError(
      'ELEVATION_DENIED',
      'sudo needs a password, and --yes runs without asking. Run the install without --yes, or run `sudo -v` first. Nothing was changed.',
      { detail: stderr.trim() },
    );
  }
  if (mode === 'pkexec' && (exitCode === 126 || exitCode === 127)) {
    return new DlsetupError('ELEVATION_DENIED', 'Administrator access was not granted (the password prompt was dismissed or refused). Nothing was changed.', {
      detail: `pkexec exited with ${exitCode}`,
    });
  }
  return new DlsetupError('ELEVATION_DENIED', `The administrator helper could not start (${mode} exited with ${exitCode}). Nothing was changed.`, {
    detail: stderr.trim().slice(-2000),
  });
}

/** Starts `helper` (argv) elevated, resolving once it was started; for 'uac', through the Windows consent prompt. */
export type HelperLauncher = (helper: string[]) => Promise<void>;

/** How long a started helper has to connect back before the install gives up. */
export const CONNECT_BACK_TIMEOUT_MS = 60_000;

/**
 * The connect-back transport ('uac'): listen on a loopback port with a one-time token, let `launch` start the helper
 * with that address and token, wait for it to connect and authenticate, then speak the same JSON lines over the socket.
 */
export async function startConnectBackElevation(runId: string, launch: HelperLauncher, options: { entry?: string; connectTimeoutMs?: number; locale?: Locale } = {}): Promise<ElevationChannel> {
  const listener = await listenForHelper();
  let socket: net.Socket;
  try {
    await launch([...helperCommand(options.entry), ...connectBackArgs(listener.port, listener.token)]);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new DlsetupError(
              'ELEVATION_DENIED',
              `The administrator helper started but did not connect back to DL Setup within ${Math.round((options.connectTimeoutMs ?? CONNECT_BACK_TIMEOUT_MS) / 1000)} s; a firewall or security tool may block connections to 127.0.0.1. Nothing was changed.`,
            ),
          ),
        options.connectTimeoutMs ?? CONNECT_BACK_TIMEOUT_MS,
      );
    });
    try {
      socket = await Promise.race([listener.accepted, timeout]);
    } finally {
      clearTimeout(timer);
    }
  } finally {
    listener.close();
  }
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const channel = new JsonLineChannel(
    'uac',
    (line) => socket.write(line),
    async () => {
      socket.end();
      const timer = setTimeout(() => socket.destroy(), 10_000);
      await closed;
      clearTimeout(timer);
    },
  );
  readline.createInterface({ input: socket, crlfDelay: Infinity }).on('line', (line) => channel.receive(line));
  socket.on('error', () => undefined);
  socket.once('close', () =>
    channel.fail(
      channel.isReady
        ? new DlsetupError('COMMAND_FAILED', 'The administrator helper stopped unexpectedly; resume the install to continue.')
        : new DlsetupError('ELEVATION_DENIED', 'The administrator helper closed its connection before it was ready. Nothing was changed.'),
    ),
  );
  socket.resume();
  await channel.start(runId, options.locale);
  return channel;
}

/** Starts the run's one elevated helper and waits until it answers; a refused password → ELEVATION_DENIED. */
export async function startElevation(mode: ElevationMode, runId: string, locale?: Locale): Promise<ElevationChannel> {
  if (mode === 'direct') return startDirect(runId, locale);
  if (mode === 'uac') return startConnectBackElevation(runId, launchWithUac, { locale });
  const argv = helperArgv(mode);
  let child: ChildProcess;
  try {
    child = spawn(argv[0]!, argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
  } catch (cause) {
    throw new DlsetupError('ELEVATION_DENIED', `${argv[0]} could not be started. Nothing was changed.`, { cause });
  }
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString('utf8')).slice(-8000);
  });
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const channel = new JsonLineChannel(
    mode,
    (line) => child.stdin!.write(line),
    async () => {
      child.stdin!.end();
      const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
      await exited;
      clearTimeout(timer);
    },
  );
  readline.createInterface({ input: child.stdout!, crlfDelay: Infinity }).on('line', (line) => channel.receive(line));
  child.once('error', (error) => channel.fail(new DlsetupError('ELEVATION_DENIED', `${argv[0]} is not available: ${error.message}. Nothing was changed.`)));
  child.once('close', (code) =>
    channel.fail(
      channel.isReady
        ? new DlsetupError('COMMAND_FAILED', 'The administrator helper stopped unexpectedly; resume the install to continue.', { detail: stderr.trim().slice(-2000) })
        : deniedMessage(mode, code, stderr),
    ),
  );
  child.stdin!.on('error', () => undefined);
  await channel.start(runId, locale);
  return channel;
}
