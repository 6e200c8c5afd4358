/**
 * The conformance suite's scenarios (data/conformance/*.json): each a machine and a request as `dlsetup plan` what-if
 * flags take them, and the plan a user should see, read off an official table line it quotes. Test-only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyProfileOverrides } from '../../main/plan/applyProfileOverrides.js';
import type { CompatData } from '../../shared/plan/compatData.js';
import { majorMinor } from '../../shared/plan/majorMinor.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { Framework, HardwareProfile, InstallMethod, Plan, PlanRequest } from '../../shared/types/plan.js';

export const CONFORMANCE_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../data/conformance');
export const KNOWN_FAILURES_FILE = 'known-failures.json';

/** The what-if flags of `dlsetup plan` that describe a machine; anything not given is absent (no GPU, no driver). */
export interface ScenarioMachine {
  os: HardwareProfile['os'];
  arch: HardwareProfile['arch'];
  gpuVendor?: HardwareProfile['gpuVendor'];
  computeCapability?: string;
  /** An installed NVIDIA driver version; absent: none. */
  driver?: string;
}

export interface ScenarioRequest {
  framework: Framework;
  frameworkVersion?: string;
  python?: string;
  method?: InstallMethod;
  /** `--keep-driver`. */
  keepDriver?: boolean;
}

/** What the user sees in the plan; only the fields given are checked. */
export interface ScenarioExpect {
  status?: Plan['status'];
  /** The first blocker's code. */
  blocker?: string;
  /** The exact framework version installed ("2.9.1", "0.4.20"). */
  version?: string;
  /** The framework's major.minor installed ("2.15"). */
  minor?: string;
  variant?: string;
  variantIn?: string[];
  /** CUDA of the build or toolkit, compared to major.minor. */
  cuda?: string;
  /** cuDNN bundled or installed, compared on the components given ("8.9" matches 8.9.4). */
  cudnn?: string;
  python?: string;
  /** true: a CUDA or ROCm build is planned; false: the plan is blocked or installs a CPU build. */
  gpuBuild?: boolean;
  driverAction?: Plan['driver']['action'];
  driverMinimum?: string;
  /** The CUDA Toolkit version the plan installs or keeps. */
  cudaToolkit?: string;
  /** The plan carries at least one warning. */
  warns?: boolean;
  /** The pip package the plan installs, without version or extras ("tensorflow-macos" on Apple silicon before TF 2.13). */
  package?: string;
}

export interface Scenario {
  id: string;
  kind: 'installable' | 'variant-exists' | 'kernels' | 'driver-floor' | 'tested-build' | 'newest-patch';
  machine: ScenarioMachine;
  request: ScenarioRequest;
  expect: ScenarioExpect;
  /** Where the expected answer comes from: repository + path @ commit or URL, and the line quoted from it. */
  source: { ref: string; quote: string };
  note?: string;
  /** The file it came from, set by the loader. */
  file: string;
}

const KINDS = new Set<Scenario['kind']>(['installable', 'variant-exists', 'kernels', 'driver-floor', 'tested-build', 'newest-patch']);

/** Every scenario of every file, in file order; throws on a malformed one so a typo cannot silently skip a check. */
export function loadScenarios(dir = CONFORMANCE_DIR): Scenario[] {
  const scenarios: Scenario[] = [];
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json') && name !== KNOWN_FAILURES_FILE).sort()) {
    const parsed = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { scenarios?: Omit<Scenario, 'file'>[] };
    if (!Array.isArray(parsed.scenarios)) throw new Error(`${file}: no "scenarios" list`);
    for (const scenario of parsed.scenarios) {
      const where = `${file} ${scenario.id ?? '(no id)'}`;
      if (!scenario.id || !KINDS.has(scenario.kind)) throw new Error(`${where}: needs an id and a known kind`);
      if (!scenario.source?.ref?.trim() || !scenario.source.quote?.trim()) throw new Error(`${where}: needs source.ref and source.quote`);
      if (!scenario.machine?.os || !scenario.machine.arch || !scenario.request?.framework) throw new Error(`${where}: needs machine.os, machine.arch and request.framework`);
      if (!scenario.expect || Object.keys(scenario.expect).length === 0) throw new Error(`${where}: expects nothing`);
      scenarios.push({ ...scenario, file });
    }
  }
  return scenarios;
}

/** The known-failing scenario ids and why, each a bug to fix in the resolver or the data (then removed from the list). */
export function loadKnownFailures(dir = CONFORMANCE_DIR): Record<string, string> {
  return (JSON.parse(readFileSync(path.join(dir, KNOWN_FAILURES_FILE), 'utf8')) as { failures: Record<string, string> }).failures;
}

/** The plan `dlsetup plan` would print for the scenario's what-if flags: a machine made of the flags alone. */
export function planFor(data: CompatData, scenario: Scenario): Plan {
  const { machine, request } = scenario;
  const blank: HardwareProfile = { os: machine.os, arch: machine.arch, gpuVendor: 'none', driverVersion: null };
  const profile = applyProfileOverrides(
    blank,
    { gpuVendor: machine.gpuVendor, computeCapability: machine.computeCapability, driver: machine.driver ?? 'none' },
    data.gpus.gpus,
  );
  const planRequest: PlanRequest = {
    framework: request.framework,
    ...(request.frameworkVersion ? { frameworkVersion: request.frameworkVersion } : {}),
    ...(request.python ? { python: request.python } : {}),
    ...(request.method ? { method: request.method } : {}),
    ...(request.keepDriver ? { allowDriverChange: false } : {}),
  };
  return resolvePlan(data, profile, planRequest);
}

function sameLeadingParts(actual: string | undefined, expected: string): boolean {
  if (!actual) return false;
  const want = expected.split('.');
  return actual.split('.').slice(0, want.length).join('.') === want.join('.');
}

/** What differs between the plan and the expectation, as short lines; empty when the plan is what the source says. */
export function mismatches(plan: Plan, expect: ScenarioExpect): string[] {
  const out: string[] = [];
  const blocker = plan.blockers[0];
  const gpuBuild = plan.status === 'ok' && (plan.framework.cuda !== undefined || plan.framework.rocm !== undefined);
  const cuda = plan.framework.cuda ?? plan.cudaToolkit.version;
  const cudnn = plan.framework.cudnn ?? plan.cudnn.version;
  const said = plan.status === 'ok' ? `${plan.framework.name} ${plan.framework.version} ${plan.framework.variant}` : `blocked ${blocker?.code ?? ''}`;
  const check = (ok: boolean, what: string) => {
    if (!ok) out.push(what);
  };
  if (expect.status) check(plan.status === expect.status, `status ${plan.status}, expected ${expect.status} (${said}${blocker ? `: ${blocker.message}` : ''})`);
  if (expect.blocker) check(blocker?.code === expect.blocker, `blocker ${blocker?.code ?? 'none'}, expected ${expect.blocker} (${said})`);
  if (expect.version) check(plan.status === 'ok' && plan.framework.version === expect.version, `version ${plan.framework.version}, expected ${expect.version} (${said})`);
  if (expect.minor) check(plan.status === 'ok' && majorMinor(plan.framework.version) === expect.minor, `version ${plan.framework.version}, expected ${expect.minor}.x (${said})`);
  if (expect.variant) check(plan.framework.variant === expect.variant, `variant ${plan.framework.variant}, expected ${expect.variant} (${said})`);
  if (expect.variantIn) check(expect.variantIn.includes(plan.framework.variant), `variant ${plan.framework.variant}, expected one of ${expect.variantIn.join(', ')} (${said})`);
  if (expect.cuda) check(!!cuda && majorMinor(cuda) === majorMinor(expect.cuda), `CUDA ${cuda ?? 'none'}, expected ${expect.cuda} (${said})`);
  if (expect.cudnn) check(sameLeadingParts(cudnn, expect.cudnn), `cuDNN ${cudnn ?? 'none'}, expected ${expect.cudnn} (${said})`);
  if (expect.python) check(majorMinor(plan.python.version ?? '') === expect.python, `Python ${plan.python.version}, expected ${expect.python} (${said})`);
  if (expect.gpuBuild !== undefined) check(gpuBuild === expect.gpuBuild, `${gpuBuild ? 'a GPU build' : 'no GPU build'}, expected ${expect.gpuBuild ? 'a GPU build' : 'none'} (${said})`);
  if (expect.driverAction) check(plan.driver.action === expect.driverAction, `driver ${plan.driver.action}, expected ${expect.driverAction} (${said}, minimum ${plan.driver.minimum ?? '-'})`);
  if (expect.driverMinimum) check(plan.driver.minimum === expect.driverMinimum, `driver minimum ${plan.driver.minimum ?? 'none'}, expected ${expect.driverMinimum} (${said})`);
  if (expect.cudaToolkit) check(plan.cudaToolkit.version === expect.cudaToolkit, `CUDA Toolkit ${plan.cudaToolkit.action} ${plan.cudaToolkit.version ?? ''}, expected ${expect.cudaToolkit} (${said})`);
  if (expect.warns) check(plan.warnings.length > 0, `no warning (${said})`);
  if (expect.package) {
    const installed = plan.framework.packages[0]?.split(/[=[<>~]/)[0];
    check(plan.status === 'ok' && installed === expect.package, `package ${installed ?? 'none'}, expected ${expect.package} (${said})`);
  }
  return out;
}
