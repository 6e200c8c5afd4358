/** The wizard's one state machine: every screen is a function of this state (issue 7). */
import type { AppError } from '../../shared/errors.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { Framework, InstallMethod, Plan, PlanRequest } from '../../shared/types/plan.js';
import type { VerifyOutcome, VerifyHistory } from '../../shared/ipc/contract.js';
import type { DiagnoseResult } from '../../shared/types/diagnose.js';
import type { MirrorDefault } from '../../shared/types/mirrors.js';

export type Screen = 'welcome' | 'machine' | 'choose' | 'plan' | 'install' | 'verify' | 'troubleshoot';

/** The setup path in order; Troubleshoot sits beside it. */
export const SETUP_SCREENS: readonly Screen[] = ['welcome', 'machine', 'choose', 'plan', 'install', 'verify'];

/** A service call's state as a screen shows it. */
export type Load<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed'; error: AppError }
  | { status: 'ready'; value: T };

/** What the person picked on the Choose screen. Empty strings mean "let DL Setup decide". */
export interface Choice {
  framework: Framework;
  frameworkVersion: string;
  method: InstallMethod;
  python: string;
  /** Absolute folder for the new Python environment; empty keeps the plan's default. */
  location: string;
  /** Mirror preset id, or 'custom' to use the matching custom URL. */
  pypiMirror: string;
  pytorchMirror: string;
  customPypiUrl: string;
  customPytorchUrl: string;
  proxy: string;
  /** Never plan a driver install or upgrade: the newest build the current driver runs (the CLI's --keep-driver). */
  keepDriver: boolean;
  /** Plan the newest build with whatever driver it needs (the CLI's --upgrade-driver); off: a working driver is kept. */
  upgradeDriver: boolean;
  /** The GPU the person picked on the Plan screen when DL Setup did not know theirs (plan:resolve's gpuChoice); empty: as detected. */
  gpu: string;
}

export interface WizardState {
  screen: Screen;
  history: Screen[];
  detect: Load<HardwareReport>;
  choice: Choice;
  plan: Load<Plan>;
  /** The plan handed to install:start (with the install options applied), kept for retry. */
  installedPlan: Plan | null;
  /** The install run the Install screen watches. */
  runId: string | null;
  /** Where the framework went, once a run succeeded: verify uses its interpreter. */
  envPath: string | null;
  /** An environment already on the machine the person chose to use instead of installing (its interpreter): verify checks it. */
  reusePython: string | null;
  /** The run whose changes were undone from the Install screen (its environment is gone: nothing to verify). */
  undoneRunId: string | null;
  verify: Load<VerifyOutcome>;
  /** The engine's kept reports: whether this machine was verified before and whether the driver changed since. */
  verifyHistory: VerifyHistory | null;
  diagnose: Load<DiagnoseResult>;
  /** The mirrors measured for a Chinese locale's default package source (idle in English). */
  mirrorDefault: Load<MirrorDefault>;
  /** The person picked the package sources: the language's default no longer changes them. */
  sourcesPicked: boolean;
}

export type LoadKey = 'detect' | 'plan' | 'verify' | 'diagnose' | 'mirrorDefault';
type LoadValue = { detect: HardwareReport; plan: Plan; verify: VerifyOutcome; diagnose: DiagnoseResult; mirrorDefault: MirrorDefault };

/** The package-source fields of a Choice (mirrors do not change what the resolver plans). */
export type SourcesPatch = Partial<Pick<Choice, 'pypiMirror' | 'pytorchMirror' | 'customPypiUrl' | 'customPytorchUrl'>>;
const SOURCE_FIELDS = ['pypiMirror', 'pytorchMirror', 'customPypiUrl', 'customPytorchUrl'] as const;

export type WizardAction =
  | { type: 'go'; screen: Screen }
  | { type: 'back' }
  | { [K in LoadKey]: { type: 'load'; key: K; load: Load<LoadValue[K]> } }[LoadKey]
  | { type: 'choose'; patch: Partial<Choice> }
  /** The language's default source (official, or the measured mirror in Chinese): ignored once the person picked. */
  | { type: 'default-sources'; patch: SourcesPatch }
  /** The person picked a source on the Plan screen: the plan stays as it is. */
  | { type: 'pick-sources'; patch: SourcesPatch }
  | { type: 'accept-alternative'; request: PlanRequest }
  | { type: 'install-started'; runId: string; plan: Plan | null }
  | { type: 'install-attached'; runId: string; plan: Plan | null }
  | { type: 'install-succeeded'; envPath: string | null }
  | { type: 'reuse-environment'; python: string }
  | { type: 'install-undone'; runId: string }
  | { type: 'verify-history'; history: VerifyHistory | null };

export const defaultChoice: Choice = {
  framework: 'pytorch',
  frameworkVersion: '',
  method: 'wheels',
  python: '',
  location: '',
  pypiMirror: 'official',
  pytorchMirror: 'official',
  customPypiUrl: '',
  customPytorchUrl: '',
  proxy: '',
  keepDriver: false,
  upgradeDriver: false,
  gpu: '',
};

export const initialWizardState: WizardState = {
  screen: 'welcome',
  history: [],
  detect: { status: 'idle' },
  choice: defaultChoice,
  plan: { status: 'idle' },
  installedPlan: null,
  runId: null,
  envPath: null,
  reusePython: null,
  undoneRunId: null,
  verify: { status: 'idle' },
  verifyHistory: null,
  diagnose: { status: 'idle' },
  mirrorDefault: { status: 'idle' },
  sourcesPicked: false,
};

function go(state: WizardState, screen: Screen): WizardState {
  return screen === state.screen ? state : { ...state, screen, history: [...state.history, state.screen] };
}

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'go':
      return go(state, action.screen);
    case 'back': {
      const previous = state.history.at(-1);
      return previous ? { ...state, screen: previous, history: state.history.slice(0, -1) } : state;
    }
    case 'load':
      return { ...state, [action.key]: action.load };
    case 'choose':
      // A changed choice makes the old plan stale.
      return {
        ...state,
        choice: { ...state.choice, ...action.patch },
        plan: { status: 'idle' },
        sourcesPicked: state.sourcesPicked || SOURCE_FIELDS.some((field) => field in action.patch),
      };
    case 'default-sources':
      return state.sourcesPicked ? state : { ...state, choice: { ...state.choice, ...action.patch } };
    case 'pick-sources':
      return { ...state, choice: { ...state.choice, ...action.patch }, sourcesPicked: true };
    case 'accept-alternative': {
      const { request } = action;
      const choice: Choice = {
        ...state.choice,
        framework: request.framework,
        frameworkVersion: request.frameworkVersion ?? '',
        python: request.python ?? '',
        method: request.method ?? state.choice.method,
        keepDriver: request.allowDriverChange === undefined ? state.choice.keepDriver : !request.allowDriverChange,
      };
      return { ...state, choice, plan: { status: 'idle' } };
    }
    case 'install-started':
      return { ...go(state, 'install'), runId: action.runId, installedPlan: action.plan ?? state.installedPlan, envPath: null, reusePython: null, verify: { status: 'idle' } };
    case 'install-attached':
      return { ...go(state, 'install'), runId: action.runId, installedPlan: action.plan ?? state.installedPlan };
    case 'install-succeeded':
      return { ...state, envPath: action.envPath };
    case 'reuse-environment':
      // Nothing is installed: Verify proves the environment that is already there.
      return { ...go(state, 'verify'), reusePython: action.python, envPath: null, verify: { status: 'idle' } };
    case 'install-undone':
      // The environment is gone: Verify must not look for it (it would report a missing Python as a failure).
      return { ...state, undoneRunId: action.runId, envPath: null, verify: { status: 'idle' } };
    case 'verify-history':
      return { ...state, verifyHistory: action.history };
  }
}

/** The request plan:resolve gets for a choice. */
export function planRequestOf(choice: Choice): PlanRequest {
  return {
    framework: choice.framework,
    method: choice.method,
    ...(choice.frameworkVersion.trim() ? { frameworkVersion: choice.frameworkVersion.trim() } : {}),
    ...(choice.python ? { python: choice.python } : {}),
    ...(choice.keepDriver ? { allowDriverChange: false } : choice.upgradeDriver ? { allowDriverChange: true } : {}),
  };
}

/** Why the Welcome screen suggests re-verifying: a previous report exists, or the driver changed since it. */
export type ReverifyHint = 'none' | 'previous' | 'driver-changed';

export function reverifyHint(history: VerifyHistory | null): ReverifyHint {
  if (!history?.latest) return 'none';
  return history.driverChanged ? 'driver-changed' : 'previous';
}

/** What every screen receives: the whole state and the one way to change it. */
export interface ScreenProps {
  state: WizardState;
  dispatch: (action: WizardAction) => void;
}
