import type { HardwareProfile, InstallMethod, Plan, PlanStep } from '../types/plan.js';
import type { DriverBranchTable } from './compatData.js';
import type { FrameworkBuild } from './frameworkBuilds.js';
import { majorMinor } from './majorMinor.js';
import { planText, type PlanSay } from './planText.js';
import { stepTitle } from './stepTitle.js';

export interface StepInputs {
  profile: HardwareProfile;
  method: InstallMethod;
  build: FrameworkBuild;
  python: string;
  driver: Plan['driver'];
  driverBranch?: string;
  cudaToolkit: Plan['cudaToolkit'];
  cudnn: Plan['cudnn'];
  /** conda packages that provide CUDA inside the environment (TensorFlow < 2.14 with method conda). */
  condaCudaPackages: string[];
  branches: DriverBranchTable;
  /** The GPU runs only on NVIDIA's open kernel modules (Blackwell, GH200): the driver step installs those. */
  openModules?: boolean;
  /** data/nvidia-install-sources.json driverPackages: Ubuntu's open-module metapackage pattern. */
  driverPackages?: { distro: string; openPattern?: string }[];
  /** Step titles in the reader's language (English when absent). */
  say?: PlanSay;
}

const ENGLISH = planText('en');

/** Where a system plan's toolkit of this series lives: CUDA_HOME of the env-vars step. */
export function toolkitPath(os: HardwareProfile['os'], series: string): string {
  return os === 'windows' ? `C:\\Program Files\\NVIDIA GPU Computing Toolkit\\CUDA\\v${series}` : `/usr/local/cuda-${series}`;
}

/** A venv from a pyenv Python names its interpreter: `pythonX.Y` is on PATH only where pyenv's shims are. */
function pyenvInterpreter(profile: HardwareProfile, python: string): { interpreter?: string } {
  const found = profile.pyenvPythons?.find((entry) => entry.version === python);
  return found ? { interpreter: found.path } : {};
}

/** The ordered install steps for a resolved plan; system-wide steps are elevated. */
export function planSteps(input: StepInputs): PlanStep[] {
  const { profile, method, build, driver } = input;
  const say = input.say ?? ENGLISH;
  const steps: PlanStep[] = [];
  const os = profile.os;
  const linuxLike = os === 'linux' || os === 'wsl';

  if ((driver.action === 'install' || driver.action === 'upgrade') && input.driverBranch && driver.target) {
    const manual = os === 'wsl';
    const open = os === 'linux' && input.openModules === true;
    const ubuntuPattern = open
      ? input.driverPackages?.find((row) => row.distro === 'ubuntu')?.openPattern
      : input.branches.distroPackages.find((row) => row.distro === 'ubuntu')?.pattern;
    const params = {
      action: driver.action,
      os: os === 'linux' ? 'linux' : 'windows',
      branch: input.driverBranch,
      minimumVersion: driver.target,
      manual,
      rebootRequired: !manual,
      ...(open ? { open: true } : {}),
      ...(os === 'linux' && ubuntuPattern ? { ubuntuPackage: ubuntuPattern.replace('{branch}', input.driverBranch) } : {}),
    };
    // The same title an install says later from the plan file (an upgrade, or a replacement of a driver that ignores the GPU).
    steps.push({ id: 'driver', kind: 'driver', title: stepTitle({ kind: 'driver', params }, say, { driver }), elevated: !manual, params });
  }

  const buildSeries = build.cuda ? majorMinor(build.cuda) : undefined;
  // The toolkit kept or installed: a newer one of the same major already here serves the build (toolkitChoice).
  const series = buildSeries && input.cudaToolkit.version ? majorMinor(input.cudaToolkit.version) : buildSeries;
  if (method === 'system' && series && build.kind === 'cuda') {
    if (input.cudaToolkit.action === 'install' && input.cudaToolkit.version) {
      if (linuxLike) {
        steps.push({
          id: 'cuda-repo',
          kind: 'cuda-repo',
          title: say(os === 'wsl' ? 'step.cudaRepo.wsl' : 'step.cudaRepo'),
          elevated: true,
          params: { os: 'linux', purpose: 'cuda-toolkit', wsl: os === 'wsl' },
        });
      }
      steps.push({
        id: 'cuda-toolkit',
        kind: 'cuda-toolkit',
        title: say('step.cudaToolkit', { version: input.cudaToolkit.version }),
        elevated: true,
        params: {
          version: input.cudaToolkit.version,
          series,
          os: linuxLike ? 'linux' : 'windows',
          installPath: toolkitPath(os, series),
          withoutDriver: true,
          // Active in the DL Setup environment only (env-vars writes its activation script), never machine-wide:
          // /usr/local/cuda and other users' toolkits stay as they are.
          makeActive: false,
          keep: (profile.cudaToolkits ?? []).filter((v) => !v.startsWith(series)),
        },
      });
    }
    if (input.cudnn.action === 'install' && input.cudnn.version) {
      steps.push({
        id: 'cudnn',
        kind: 'cudnn',
        title: say('step.cudnn', { version: input.cudnn.version, series }),
        elevated: true,
        params: { version: input.cudnn.version, cudaMajor: series.split('.')[0]!, cudaSeries: series, os: linuxLike ? 'linux' : 'windows' },
      });
    }
    const home = toolkitPath(os, series);
    steps.push({
      id: 'env-vars',
      kind: 'env-vars',
      title: say('step.envVars', { series }),
      elevated: false,
      params:
        os === 'windows'
          ? { scope: 'environment', CUDA_PATH: home, pathPrepend: [`${home}\\bin`], libraryPathPrepend: [] }
          : { scope: 'environment', CUDA_HOME: home, pathPrepend: [`${home}/bin`], libraryPathPrepend: [`${home}/lib64`] },
    });
  }

  // venv needs the Python and its ensurepip: a fresh Ubuntu/Debian lacks pythonX.Y-venv, or this Python altogether
  // (pythonVersions lists what detection found; what-if plans have no list and assume the Python is there).
  const missing = profile.pythonVersions !== undefined && !profile.pythonVersions.includes(input.python);
  if (method !== 'conda' && os === 'linux' && (missing || (profile.pythonsWithoutVenv ?? []).includes(input.python))) {
    steps.push({ id: 'system-python', kind: 'system-python', title: say('step.systemPython', { python: input.python }), elevated: true, params: { python: input.python } });
  }

  // Named after the version pip installs (2.15.1), not its release row (2.15.0).
  const envName = `dlsetup-${build.framework}-${build.version}`;
  steps.push({
    id: 'python-env',
    kind: 'python-env',
    title: say(method === 'conda' ? 'step.pythonEnv.conda' : 'step.pythonEnv.venv', { name: envName, python: input.python }),
    elevated: false,
    params:
      method === 'conda'
        ? { manager: 'conda', python: input.python, name: envName, condaChannel: 'conda-forge', condaPackages: input.condaCudaPackages }
        : { manager: 'venv', python: input.python, name: envName, ...pyenvInterpreter(profile, input.python) },
  });

  steps.push({
    id: 'framework',
    kind: 'framework',
    title: say('step.framework', {
      command: `pip install ${build.packages.join(' ')}${build.indexUrl ? ` --index-url ${build.indexUrl}` : ''}${build.extraIndexUrl ? ` --extra-index-url ${build.extraIndexUrl}` : ''}${build.findLinks ? ` -f ${build.findLinks}` : ''}`,
    }),
    elevated: false,
    params: {
      framework: build.framework,
      installer: 'pip',
      packages: build.packages,
      variant: build.variant,
      ...(build.indexUrl ? { indexUrl: build.indexUrl } : {}),
      ...(build.extraIndexUrl ? { extraIndexUrl: build.extraIndexUrl } : {}),
      ...(build.findLinks ? { findLinks: [build.findLinks] } : {}),
    },
  });
  return steps;
}
