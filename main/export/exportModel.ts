import { errorText } from '../../shared/errorText.js';
import type { Plan, PlanStep } from '../../shared/types/plan.js';
import { blockMarkers } from '../install/markedBlock.js';
import { planStepParams, type InstallOverrides } from '../install/planStepParams.js';
import { NVIDIA_REPO_BASE, cudaRepoStep, cudaSourcesList, keyringUrl, publishedKeyrings, type CudaRepoParams } from '../install/steps/cudaRepoStep.js';
import { cudaToolkitStep, toolkitDir } from '../install/steps/cudaToolkitStep.js';
import { cudnnStep } from '../install/steps/cudnnStep.js';
import { driverStep } from '../install/steps/driverStep.js';
import { debianDriverPackages } from '../data/installSources.js';
import { LD_CONF, PROFILE_SCRIPT, envBlockBody, envVarsStep, ldConfContent } from '../install/steps/envVarsStep.js';
import { frameworkStep, pipInstallArgv } from '../install/steps/frameworkStep.js';
import { pinnedRequirements } from '../../shared/plan/pinnedRequirements.js';
import { pythonEnvStep } from '../install/steps/pythonEnvStep.js';
import { systemPythonStep } from '../install/steps/systemPythonStep.js';
import { pythonVenvPackage } from '../data/installSources.js';
import { hasUserinfo, withoutUserinfo } from '../../shared/text/urlUserinfo.js';
import { FRAMEWORK_SPECS, isFramework } from '../../shared/frameworks/registry.js';
import { PLAN_STEP_KINDS } from '../../shared/schema/stepSchemas.js';

const STEP_KINDS: readonly PlanStep['kind'][] = PLAN_STEP_KINDS;
const TARGET_OSES: readonly string[] = ['linux', 'windows', 'wsl', 'macos'];
/** Environment folder names: one path segment, nothing a shell or a path could read as more. */
const ENV_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
/** Mirror URLs end up in sed and apt source lines too: plain URL characters only (no #, &, quotes or spaces). */
const PLAIN_URL = /^https?:\/\/[A-Za-z0-9:/._~%+@-]+$/;


/** Mirrors an export bakes in as defaults (each stays overridable in the exported vars / environment). */
export interface ExportMirrors {
  /** Preset id (tuna, aliyun, ustc, official) or URL replacing PyPI. */
  pypi?: string;
  /** Preset id or URL replacing download.pytorch.org. */
  pytorch?: string;
  /** Base URL replacing https://developer.download.nvidia.com/compute/cuda/repos. */
  cuda?: string;
}

export interface ExportOptions {
  mirrors?: ExportMirrors;
  /** sha256 of NVIDIA's cuda-keyring package; the shell export refuses to install an unverified keyring without it. */
  cudaKeyringSha256?: string;
  /** Stamped into every file's header. */
  generatedBy?: string;
}

/** Placeholders the formats replace with their own variable syntax (shell $VAR, Jinja {{ var }}). */
export const DISTRO_PLACEHOLDER = '@CUDA_DISTRO@';
export const ARCH_PLACEHOLDER = '@CUDA_ARCH@';
export const ENV_PLACEHOLDER = '@DLSETUP_ENV@';

/** The plan, read once into the facts every export format needs, with the install engine's own commands. */
export interface ExportModel {
  plan: Plan;
  summary: string;
  generatedBy: string;
  driver?: { branch: string; minimum: string; ubuntuPackage: string; debianPackages: string[]; manual: boolean; rebootRequired: boolean };
  cudaRepo?: {
    mirror: string;
    keyringVersion: string;
    keyringSha256?: string;
    /** NVIDIA's checksums per distro (data/cuda-keyrings.json), used when no checksum was given. */
    published: { distro: string; arch: string; sha256: string }[];
    wsl: boolean;
    keyringUrl: string;
    sourcesList: string;
  };
  toolkit?: { version: string; series: string; package: string; dir: string; priority: number; setActive: boolean; aptArgv: string[] };
  cudnn?: { version: string; major: number; cudaMajor: string; cudaSeries: string; packages: string[] };
  env?: { cudaHome: string; libraryPaths: string[]; profileScript: string; ldConf: string; blockBody: string; begin: string; end: string; ldConfContent: string };
  /** The distribution's venv support the plan installs first (a fresh Debian's python3.11 has no ensurepip), per distro. */
  systemPython?: { python: string; packages: { distro: string; name: string }[] };
  pythonEnv: { manager: 'venv' | 'conda'; python: string; name: string; condaChannel?: string; condaPackages: string[] };
  framework: { name: Plan['framework']['name']; version: string; variant: string; packages: string[]; pipArgs: string[]; indexUrl?: string; extraIndexUrls: string[]; findLinks: string[]; proxy?: ExportProxy; pins?: string[] };
}

/** Where pipArgs read the pins (`--require-hashes -r PINNED_FILE`): each format puts the file there under its own environment. */
export const PINNED_FILE = '/dlsetup-env/dlsetup-pinned-requirements.txt';

/** pip's proxy as an export writes it: never its user name or password, which the admin supplies when the export runs. */
export interface ExportProxy {
  /** The proxy without user info (`http://proxy.example:3128`). */
  url: string;
  /** The plan's proxy had a user name or password, left out of the export. */
  credentialsLeftOut: boolean;
}

/** Where the plan and the install engine disagree on param names, the plan's are read and the engine's parse() validates. */
function stepOf(plan: Plan, kind: PlanStep['kind']): PlanStep | undefined {
  return plan.steps.find((step) => step.kind === kind);
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function list(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** Cuts a toolkit version to the X.Y series the engine's package names use. */
function seriesOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

function frameworkLabel(name: string): string {
  return isFramework(name) ? FRAMEWORK_SPECS[name].label : name;
}

export function planSummary(plan: Plan): string {
  const gpu = plan.gpu?.name ? `for ${plan.gpu.name}` : plan.profile?.gpuVendor === 'none' ? 'for a machine without a GPU (CPU build)' : '';
  return [`${frameworkLabel(plan.framework.name)} ${plan.framework.version} (${plan.framework.variant})`, `${plan.method} method`, `Python ${plan.python.version}`, gpu]
    .filter(Boolean)
    .join(', ');
}

/**
 * Reads a resolved plan into an ExportModel. Refuses plans that cannot be exported (blocked, not Linux) before any
 * file is produced, and validates every value through the install engine's own step parsers (its allowlist).
 */
export function buildExportModel(plan: Plan, options: ExportOptions = {}): ExportModel {
  if (!plan || typeof plan !== 'object' || !Array.isArray(plan.steps) || !plan.framework) {
    throw errorText.error('INVALID_ARGUMENT', 'export.notAPlan');
  }
  if (plan.status !== 'ok' && plan.status !== 'blocked') throw errorText.error('INVALID_ARGUMENT', 'export.badStatus');
  const unknown = plan.steps.find((step) => !step || typeof step !== 'object' || !STEP_KINDS.includes(step.kind));
  if (unknown !== undefined) throw errorText.error('INVALID_ARGUMENT', 'export.unknownStep', { kind: JSON.stringify(String(unknown?.kind)).slice(0, 80) });
  if (plan.status !== 'ok') {
    throw errorText.error('PLAN_BLOCKED', 'export.planBlocked', { blockers: plan.blockers.map((b) => b.message).join(' ') });
  }
  const os = plan.profile?.os ?? 'linux';
  if (!TARGET_OSES.includes(os)) throw errorText.error('INVALID_ARGUMENT', 'export.unknownOs');
  if (os !== 'linux' && os !== 'wsl') {
    throw errorText.error('UNSUPPORTED_OS', 'export.notLinux', { os });
  }
  const overrides: InstallOverrides = { pypiMirror: options.mirrors?.pypi, pytorchMirror: options.mirrors?.pytorch, cudaMirror: options.mirrors?.cuda };
  const model: ExportModel = {
    plan,
    summary: planSummary(plan),
    generatedBy: options.generatedBy ?? 'DL Setup',
    // The default folder name is made from the plan's words, so anything but name characters becomes '-'.
    pythonEnv: { manager: 'venv', python: plan.python.version, name: `dlsetup-${plan.framework.name}-${plan.framework.version}`.replace(/[^A-Za-z0-9._-]/g, '-'), condaPackages: [] },
    framework: { name: plan.framework.name, version: plan.framework.version, variant: plan.framework.variant, packages: [], pipArgs: [], extraIndexUrls: [], findLinks: [] },
  };

  const driver = stepOf(plan, 'driver');
  if (driver) {
    const p = driver.params;
    const branch = str(p.branch) ?? '';
    const parsed = driverStep.parse({ branch, open: p.open === true, ...(str(p.minimumVersion) ? { minimum: str(p.minimumVersion)! } : {}), ...(str(p.ubuntuPackage) ? { ubuntuPackage: str(p.ubuntuPackage)! } : {}) });
    // describe()'s first command is the Ubuntu package the engine installs for this branch.
    const ubuntu = driverStep.describe(parsed).find((command) => command.argv[0] === 'apt-get')?.argv.at(-1);
    model.driver = {
      branch,
      minimum: parsed.minimum ?? '',
      // The engine installs data/'s package for the branch; parse() refused a plan that names another.
      ubuntuPackage: ubuntu ?? `nvidia-driver-${branch}`,
      // What the engine installs on Debian (non-free), kept in step with main/install/steps/driverStep.ts.
      debianPackages: debianDriverPackages(parsed.open).packages,
      manual: p.manual === true,
      rebootRequired: p.rebootRequired !== false,
    };
  }

  const repo = stepOf(plan, 'cuda-repo');
  if (repo) {
    const mirror = (options.mirrors?.cuda ?? str(planStepParams(plan, repo, overrides).mirror) ?? NVIDIA_REPO_BASE).replace(/\/+$/, '');
    const sha = options.cudaKeyringSha256 ?? str(repo.params.keyringSha256);
    const template: CudaRepoParams = {
      distro: repo.params.wsl === true ? 'wsl-ubuntu' : DISTRO_PLACEHOLDER,
      arch: ARCH_PLACEHOLDER as CudaRepoParams['arch'],
      mirror,
      keyringVersion: str(repo.params.keyringVersion) ?? '1.1-1',
      keyringSha256: sha ?? '0'.repeat(64),
    };
    // Validates the mirror URL, keyring version and checksum exactly as the engine would (distro and arch are only known on the host).
    cudaRepoStep.parse({ distro: 'ubuntu2204', arch: 'x86_64', mirror, keyringVersion: template.keyringVersion, keyringSha256: template.keyringSha256! });
    if (!PLAIN_URL.test(mirror)) throw errorText.error('INVALID_ARGUMENT', 'export.cudaMirrorNotPlain', { mirror: JSON.stringify(mirror).slice(0, 200) });
    model.cudaRepo = {
      mirror,
      keyringVersion: template.keyringVersion,
      keyringSha256: sha,
      published: publishedKeyrings(template.keyringVersion),
      wsl: repo.params.wsl === true,
      keyringUrl: keyringUrl(template),
      sourcesList: cudaSourcesList(template),
    };
  }

  const toolkit = stepOf(plan, 'cuda-toolkit');
  if (toolkit) {
    const version = str(toolkit.params.version) ?? plan.cudaToolkit.version ?? '';
    const series = str(toolkit.params.series) ?? seriesOf(version);
    // The release and the series both reach file names and image tags, so both go through the engine's patterns.
    // A fleet script is machine-wide by design (its CUDA block goes to /etc/profile.d): /usr/local/cuda follows it too.
    const parsed = cudaToolkitStep.parse({ version, series, setActive: true });
    const [major, minor] = series.split('.').map(Number);
    const aptArgv = cudaToolkitStep.describe(parsed).find((command) => command.argv[0] === 'apt-get')?.argv ?? [];
    model.toolkit = {
      version,
      series,
      package: parsed.package,
      dir: toolkitDir(series),
      // The engine's priority for update-alternatives (main/install/steps/cudaToolkitStep.ts).
      priority: major! * 10 + minor!,
      setActive: parsed.setActive,
      aptArgv,
    };
  }

  const cudnn = stepOf(plan, 'cudnn');
  if (cudnn) {
    const version = str(cudnn.params.version) ?? plan.cudnn.version ?? '';
    const cudaMajor = str(cudnn.params.cudaMajor) ?? '';
    const cudaSeries = str(cudnn.params.cudaSeries) ?? model.toolkit?.series ?? '';
    if (!/^\d{1,2}\.\d{1,2}$/.test(cudaSeries)) throw errorText.error('INVALID_ARGUMENT', 'export.badCudaSeries', { series: JSON.stringify(cudaSeries).slice(0, 80) });
    const major = Number(version.split('.')[0]);
    const threePart = [...version.split('.'), '0', '0'].slice(0, Math.max(3, version.split('.').length)).join('.');
    // cuDNN 9 ships as cudnn9-cuda-N; cuDNN 8 and older as libcudnnN pinned to a +cudaX.Y build in NVIDIA's repository.
    const parsed = cudnnStep.parse({ version: threePart, cudaMajor, ...(major < 9 ? { package: `libcudnn${major}` } : {}) });
    const pin = version.split('.').length >= 4 ? `${version}-1+cuda${cudaSeries}` : `${version}.*+cuda${cudaSeries}`;
    const packages = major < 9 ? [`${parsed.package}=${pin}`] : [parsed.package];
    model.cudnn = { version, major, cudaMajor, cudaSeries, packages };
  }

  const env = stepOf(plan, 'env-vars');
  if (env) {
    const cudaHome = str(env.params.CUDA_HOME) ?? str(env.params.cudaHome) ?? model.toolkit?.dir ?? '';
    const libs = list(env.params.libraryPathPrepend).filter((dir) => dir !== `${cudaHome}/lib64`);
    // System scope: a fleet machine serves every user, so the block goes to /etc/profile.d and libraries to ld.so.conf.d.
    const parsed = envVarsStep.parse({ scope: 'system', cudaHome, libraryPaths: libs });
    const markers = blockMarkers('cuda');
    model.env = {
      cudaHome: parsed.cudaHome,
      libraryPaths: parsed.libraryPaths,
      profileScript: PROFILE_SCRIPT,
      ldConf: LD_CONF,
      blockBody: envBlockBody(parsed),
      begin: markers.begin,
      end: markers.end,
      ldConfContent: ldConfContent(parsed),
    };
  }

  const system = stepOf(plan, 'system-python');
  if (system) {
    const { python } = systemPythonStep.parse(system.params);
    // The engine picks the package for the distro it runs on; an export names each distro's from the same data/ table.
    const packages = ['debian', 'ubuntu'].flatMap((distro) => {
      const name = pythonVenvPackage([distro], python);
      return name ? [{ distro, name }] : [];
    });
    model.systemPython = { python, packages };
  }

  const pyenv = stepOf(plan, 'python-env');
  if (pyenv) {
    const manager = pyenv.params.manager === 'conda' ? 'conda' : 'venv';
    const python = str(pyenv.params.python) ?? plan.python.version;
    const { condaChannel, condaPackages } = pyenv.params;
    const parsed = pythonEnvStep.parse({ manager, path: '/dlsetup-env', python, ...(condaChannel !== undefined ? { condaChannel } : {}), ...(condaPackages !== undefined ? { condaPackages } : {}) });
    const name = str(pyenv.params.name);
    if (name !== undefined && !ENV_NAME.test(name)) throw errorText.error('INVALID_ARGUMENT', 'export.badEnvName', { name: JSON.stringify(name).slice(0, 80) });
    model.pythonEnv = {
      manager,
      python,
      name: name ?? model.pythonEnv.name,
      condaChannel: parsed.condaChannel,
      condaPackages: parsed.condaPackages,
    };
  }

  const fw = stepOf(plan, 'framework');
  if (fw) {
    const raw = planStepParams(plan, fw, overrides);
    // The plan names PyTorch 1.12/1.13's extra index in the singular; the engine reads a list.
    const extra = str(raw.extraIndexUrl) ?? plan.framework.extraIndexUrl;
    const parsed = frameworkStep.parse({ ...raw, envPath: '/dlsetup-env', ...(extra ? { extraIndexUrls: [extra] } : {}) });
    // The files the plan found on its index, by sha256 (issue 32): each format writes them where pip reads PINNED_FILE.
    const pins = pinnedRequirements(plan);
    const argv = pipInstallArgv('/dlsetup-env/bin/python', parsed, false, pins ? PINNED_FILE : undefined);
    const at = (flag: string) => argv.flatMap((arg, index) => (arg === flag ? [argv[index + 1]!] : []));
    model.framework = {
      ...model.framework,
      packages: parsed.packages,
      pipArgs: argv.slice(1),
      indexUrl: at('--index-url')[0],
      extraIndexUrls: at('--extra-index-url'),
      findLinks: at('--find-links'),
      ...(pins ? { pins } : {}),
      // pipInstallArgv never carries the proxy (pip gets it as PIP_PROXY): each format writes it its own way.
      ...(parsed.proxy ? { proxy: { url: withoutUserinfo(parsed.proxy), credentialsLeftOut: hasUserinfo(parsed.proxy) } } : {}),
    };
  }
  if (model.framework.packages.length === 0) throw errorText.error('INVALID_ARGUMENT', 'export.noPackages');
  return model;
}
