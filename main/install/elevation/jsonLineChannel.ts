import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { DlsetupError, type AppError } from '../../../shared/errors.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import { readAppError } from '../../../shared/schema/appErrorSchema.js';
import type { StepParams } from '../installStep.js';
import { installText, type InstallSay } from '../../system/installText.js';
import type { StepContextSinks } from '../stepContext.js';
import type { ElevationMode } from './chooseElevationMode.js';
import { elevatedDescriptor, isElevatedKind } from './elevatedDescriptor.js';
import { HELPER_PROTOCOL, type HelperDone, type HelperReply, type HelperRequest } from './helperProtocol.js';

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

interface Waiter {
  sinks: StepContextSinks;
  resolve: (value: ElevatedResult) => void;
  reject: (error: Error) => void;
}

/** The multiplexer every transport shares: requests out as JSON lines, replies routed back to their request by id. */
export class JsonLineChannel implements ElevationChannel {
  private nextId = 1;
  private readonly waiting = new Map<number, Waiter>();
  private ready: Promise<void>;
  private resolveReady!: () => void;
  private rejectReady!: (error: Error) => void;
  private closed = false;
  private runId = '';
  readonly say: InstallSay;
  isReady = false;

  constructor(
    readonly mode: ElevationMode,
    private readonly write: (line: string) => void,
    private readonly shutdown: () => Promise<void>,
    private readonly locale?: Locale,
  ) {
    this.say = installText(locale);
    this.ready = new Promise((resolve, reject) => {
      this.resolveReady = resolve;
      this.rejectReady = reject;
    });
    this.ready.catch(() => undefined);
  }

  start(runId: string): Promise<void> {
    this.runId = runId;
    const locale = this.locale;
    // The helper writes its step messages in the run's language too.
    this.send({ type: 'hello', protocol: HELPER_PROTOCOL, runId, ...(locale && locale !== 'en' ? { locale } : {}) });
    return this.ready;
  }

  private send(request: HelperRequest): void {
    if (this.closed) throw this.say.error('ELEVATION_DENIED', 'elevation.helperGone');
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
      else this.rejectReady(this.say.error('INTERNAL', 'elevation.otherVersion'));
      return;
    }
    if (reply.requestId === null) {
      this.rejectReady(this.refusedError(reply));
      for (const waiter of this.waiting.values()) waiter.reject(this.refusedError(reply));
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
        waiter.reject(this.refusedError(reply));
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

  /** The transport closed: a helper that was ready stopped mid-run (resumable), else `beforeReady` says why it never started. */
  gone(beforeReady: () => DlsetupError, detail?: string): void {
    this.fail(this.isReady ? this.say.error('COMMAND_FAILED', 'elevation.stoppedUnexpectedly', undefined, detail === undefined ? undefined : { detail }) : beforeReady());
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

  /** A refusal keeps the helper's code, key and params (checked by appErrorSchema); UNAUTHORIZED when it sent none. */
  private refusedError(reply: HelperReply): DlsetupError {
    if (reply.type !== 'refused' || typeof reply.error !== 'object' || reply.error === null) return this.say.error('UNAUTHORIZED', 'elevation.refused');
    return fromAppError(reply.error);
  }
}

/** The helper's error, checked (shared/schema/appErrorSchema), keeping its key and params so the reader's language can say it. */
function fromAppError(sent: AppError): DlsetupError {
  const error = readAppError(sent);
  return new DlsetupError(error.code, error.message, { detail: error.detail, key: error.key, params: error.params });
}

/** A helper process or socket the channel speaks over: lines in and out, a polite end, and a forced one after 10 s. */
export interface HelperStream {
  lines: Readable;
  write(line: string): void;
  end(): void;
  force(): void;
  closed: Promise<void>;
}

/** The channel over a stream: replies read line by line, and close() ends the stream, forcing it if it hangs. */
export function channelOverStream(mode: ElevationMode, stream: HelperStream, locale?: Locale): JsonLineChannel {
  const channel = new JsonLineChannel(
    mode,
    (line) => stream.write(line),
    async () => {
      stream.end();
      const timer = setTimeout(() => stream.force(), 10_000);
      await stream.closed;
      clearTimeout(timer);
    },
    locale,
  );
  readline.createInterface({ input: stream.lines, crlfDelay: Infinity }).on('line', (line) => channel.receive(line));
  return channel;
}
