import type * as v from 'valibot';
import type { HardwareReport } from '../types/hardware.js';
import type { EnvironmentsCheckState, EnvironmentsReport } from '../types/environments.js';
import type { Framework, Plan, PlanRequest } from '../types/plan.js';
import type { RollbackResult, RunStatus } from '../types/install.js';
import type { PushEvent } from './pushEvent.js';
import type { VerifyComparison, VerifyReport, VerifyRequest } from '../types/verify.js';
import type { DiagnoseResult } from '../types/diagnose.js';
import type { MirrorDefault } from '../types/mirrors.js';
import type { Result } from '../result.js';
import type { Locale } from '../i18n/localize.js';
import { ipcSchemas } from '../schema/ipcSchemas.js';
import { validatorOf, type Validator } from './validate.js';

export interface AppInfo {
  name: string;
  version: string;
  platform: string;
  transport: 'electron' | 'http';
  /** This process's log file and the folder of run journals: where to look after a failure. */
  logFile?: string;
  runsDir?: string;
}

export interface DetectRequest {
  /** Skip slow probes (Python environments) for a quick first screen. */
  quick?: boolean;
  /** The language of findings and explanations (English when absent). */
  locale?: Locale;
}

/** What-if overrides for planning a machine you are not on; the same strings as the CLI flags. */
export interface PlanOverrides {
  os?: string;
  arch?: string;
  gpuVendor?: string;
  computeCapability?: string;
  gpuArch?: string;
  gpu?: string;
  driver?: string;
  /** A Linux distribution release ("ubuntu22.04", "debian12"): its repositories and the Pythons it packages. */
  distro?: string;
}

export interface PlanResolveRequest extends PlanRequest {
  overrides?: PlanOverrides;
  /**
   * The GPU the person picked for this machine's unknown NVIDIA GPU (the wizard's list): a product name of
   * data/gpus.json or data/nvidia-devices.json, or a compute capability ("8.9") for a generation. Unlike the what-if
   * overrides, the rest of the plan's machine stays this one as detected (driver, toolkits, Pythons).
   */
  gpuChoice?: string;
  /** The language of reasons, warnings, blockers and step titles (English when absent). */
  locale?: Locale;
  /** The package sources the install will use (a preset id or a URL), so the plan is checked against them (issue 32). */
  pypiMirror?: string;
  pytorchMirror?: string;
  /** Plan from data/ alone: no package index is asked. */
  offline?: boolean;
}

export interface InstallStartRequest {
  plan: Plan;
  dryRun?: boolean;
  /** The language of step messages (English when absent); fixed for the run. */
  locale?: Locale;
}

export interface InstallRollbackRequest {
  runId: string;
  /** Only show what would be undone; nothing is touched. */
  dryRun?: boolean;
  /** The language of the actions, notes and errors (the run's own when absent). */
  locale?: Locale;
}

export interface VerifyOutcome {
  report: VerifyReport;
  /** What changed since the previous kept report; null on the first run. */
  comparison: VerifyComparison | null;
  saved: { jsonPath: string; htmlPath: string };
}

export interface VerifyHistory {
  /** The newest kept report, or null when this machine was never verified. */
  latest: VerifyReport | null;
  /** The driver detected now, and whether it differs from the latest report's (the start-up re-verify offer). */
  currentDriver: string | null;
  driverChanged: boolean;
}

export interface PlanExportRequest {
  plan: Plan;
  format: 'shell' | 'ansible' | 'dockerfile';
}

/** An exported plan: the files a lab admin copies to other machines (`dlsetup export`). */
export interface PlanExport {
  format: PlanExportRequest['format'];
  mainFile: string;
  files: { path: string; content: string; mode?: number }[];
}

export interface FrameworkVersionsRequest {
  framework: Framework;
}

/** The releases DL Setup's data has for one framework on this platform, newest first (the Choose screen's list). */
export interface FrameworkVersionList {
  framework: Framework;
  platform: string;
  versions: { version: string; python: { min: string; max: string }; kinds: ('cuda' | 'rocm' | 'cpu')[] }[];
}

export interface MirrorCheckRequest {
  url: string;
  timeoutMs?: number;
}

/** Whether a package mirror answered; `code` says how it failed (NOT_FOUND: it answered with an HTTP error). */
export interface MirrorCheck {
  url: string;
  reachable: boolean;
  status?: number;
  ms: number;
  code?: 'NOT_FOUND' | 'NETWORK' | 'TIMEOUT';
  /** The technical cause ("ENOTFOUND", "HTTP 404"), shown under the translated sentence. */
  cause?: string;
}

/** mirror:default — how long each mirror's index may take to answer (default 3 s). */
export interface MirrorDefaultRequest {
  timeoutMs?: number;
}

export interface EnvironmentsRequest {
  locale?: Locale;
  /** Environment folders the user added (the wizard's input, the CLI's --env). */
  extraEnvironments?: string[];
}

/** "Run the quick check in each environment": `runId` is the caller's, so it can tell its run's events from others'. */
export interface EnvironmentsCheckRequest extends EnvironmentsRequest {
  runId: string;
}

export interface DiagnoseRequest {
  text: string;
  locale?: Locale;
}

interface ChannelSpec<Arg, Value> {
  validate: Validator<Arg>;
  /** Phantom field that carries the reply type; never set at run time. */
  readonly value?: Value;
}

/** A channel whose argument is checked by `schema`; its output must be the declared argument type (checked by tsc). */
function channel<Arg, Value>(schema: v.GenericSchema<unknown, Arg>): ChannelSpec<Arg, Value> {
  return { validate: validatorOf(schema) };
}

/** The one contract both transports carry (docs/design.md §3): each invoke channel with its argument schema and reply type. */
export const contract = {
  'app:info': channel<void, AppInfo>(ipcSchemas['app:info']),
  'detect:run': channel<DetectRequest, HardwareReport>(ipcSchemas['detect:run']),
  'plan:resolve': channel<PlanResolveRequest, Plan>(ipcSchemas['plan:resolve']),
  'plan:versions': channel<FrameworkVersionsRequest, FrameworkVersionList>(ipcSchemas['plan:versions']),
  'plan:export': channel<PlanExportRequest, PlanExport>(ipcSchemas['plan:export']),
  'install:start': channel<InstallStartRequest, { runId: string }>(ipcSchemas['install:start']),
  'install:cancel': channel<{ runId: string }, { cancelled: boolean }>(ipcSchemas['install:cancel']),
  'install:status': channel<{ runId?: string }, RunStatus | null>(ipcSchemas['install:status']),
  'install:rollback': channel<InstallRollbackRequest, RollbackResult>(ipcSchemas['install:rollback']),
  'verify:run': channel<VerifyRequest, VerifyOutcome>(ipcSchemas['verify:run']),
  'verify:history': channel<void, VerifyHistory>(ipcSchemas['verify:history']),
  'verify:environments': channel<EnvironmentsRequest | undefined, EnvironmentsReport>(ipcSchemas['verify:environments']),
  'verify:environmentsCheck': channel<EnvironmentsCheckRequest, EnvironmentsReport>(ipcSchemas['verify:environmentsCheck']),
  'verify:environmentsCheckCancel': channel<{ runId: string }, { cancelled: boolean }>(ipcSchemas['verify:environmentsCheckCancel']),
  'verify:environmentsCheckState': channel<void, EnvironmentsCheckState | null>(ipcSchemas['verify:environmentsCheckState']),
  'mirror:check': channel<MirrorCheckRequest, MirrorCheck>(ipcSchemas['mirror:check']),
  'mirror:default': channel<MirrorDefaultRequest, MirrorDefault>(ipcSchemas['mirror:default']),
  'diagnose:text': channel<DiagnoseRequest, DiagnoseResult>(ipcSchemas['diagnose:text']),
} as const;

export type Contract = typeof contract;
export type Channel = keyof Contract;
export type ArgOf<C extends Channel> = Contract[C] extends ChannelSpec<infer A, unknown> ? A : never;
export type ValueOf<C extends Channel> = Contract[C] extends ChannelSpec<unknown, infer V> ? V : never;

export const CHANNELS = Object.keys(contract) as Channel[];

export { PUSH_CHANNEL } from './pushChannel.js';
export type { PushEvent } from './pushEvent.js';

/** What the renderer sees as `window.dlsetup`, whichever transport is underneath. */
export type DlsetupApi = {
  [C in Channel]: (arg: ArgOf<C>) => Promise<Result<ValueOf<C>>>;
} & {
  onProgress(listener: (event: PushEvent) => void): () => void;
};

/** The main-process side: one handler per channel, each given an already-validated argument. */
export type HandlerTable = {
  [C in Channel]: (arg: ArgOf<C>) => Promise<ValueOf<C>>;
};

export function isChannel(name: string): name is Channel {
  return Object.prototype.hasOwnProperty.call(contract, name);
}
