import { JSON_FLAG, LANG_FLAG, type CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { formatPlan } from '../../plan/formatPlan.js';
import { planSummaryText } from '../../../shared/plan/planSummaryText.js';
import { planWithReuse } from '../../verify/environments/planWithReuse.js';
import { MIRROR_FLAGS, mirrorFlag } from '../mirrorFlags.js';
import type { Framework, InstallMethod } from '../../../shared/types/plan.js';
import { usageError } from '../parseArgs.js';
import { cliText } from '../cliText.js';
import { shCommand } from '../../../shared/quote/sh.js';
import { FRAMEWORK_IDS } from '../../../shared/frameworks/registry.js';

const text = (value: unknown) => (value === undefined ? undefined : String(value));

/** The flags that chose this plan, to save it as JSON for `dlsetup install --plan`. */
const CHOICE_FLAGS = ['framework', 'framework-version', 'python', 'method'] as const;
const WHAT_IF_FLAGS = ['os', 'arch', 'gpu-vendor', 'compute-capability', 'gpu-arch', 'gpu', 'driver', 'distro'] as const;

/** How to install what was printed: the same plan saved as JSON, then `dlsetup install --plan`. */
function nextSteps(flags: Record<string, unknown>, driverChanges: boolean, say: ReturnType<typeof cliText>): string[] {
  const argv = ['dlsetup', 'plan'];
  for (const flag of CHOICE_FLAGS) if (flags[flag] !== undefined) argv.push(`--${flag}`, String(flags[flag]));
  if (flags['keep-driver']) argv.push('--keep-driver');
  if (flags['upgrade-driver']) argv.push('--upgrade-driver');
  const lines = [say('plan.next', { save: `${shCommand([...argv, '--json'])} > plan.json` })];
  if (driverChanges && !flags['keep-driver']) lines.push(say('plan.nextKeepDriver'));
  return lines;
}

export const planCommand: CliCommand = {
  flags: {
    framework: { type: 'string', values: FRAMEWORK_IDS, description: 'the framework to set up (required)' },
    'framework-version': { type: 'string', valueName: 'VERSION', description: 'pin a framework version (default: the newest that works here)' },
    python: { type: 'string', valueName: 'X.Y', description: 'the Python version for the new environment' },
    method: { type: 'string', values: ['wheels', 'system', 'conda'], description: 'wheels (default), a system CUDA Toolkit, or a conda environment' },
    'keep-driver': { type: 'boolean', description: 'never plan a driver change; pick a build the current driver runs' },
    'upgrade-driver': { type: 'boolean', description: 'allow a driver change for the newest build (default: keep a driver that works when a release runs on it)' },
    ...MIRROR_FLAGS,
    offline: { type: 'boolean', description: "plan from DL Setup's data alone: do not check the plan's files on the package index" },
    os: { type: 'string', values: ['linux', 'windows', 'wsl', 'macos'], description: 'what-if: plan for another OS (with any what-if flag the plan is for the machine the flags describe: nothing but this OS and CPU is read from this one)' },
    arch: { type: 'string', values: ['x86_64', 'aarch64', 'arm64'], description: 'what-if: plan for another CPU architecture' },
    'gpu-vendor': { type: 'string', values: ['nvidia', 'amd', 'intel', 'apple', 'none'], description: 'what-if: GPU vendor' },
    'compute-capability': { type: 'string', valueName: 'X.Y', description: 'what-if: NVIDIA compute capability' },
    'gpu-arch': { type: 'string', valueName: 'gfxNNNN', description: 'what-if: AMD GPU architecture' },
    gpu: { type: 'string', valueName: 'NAME', description: 'what-if: a GPU by name, e.g. "RTX 4090" (data/gpus.json, or any NVIDIA product name in data/nvidia-devices.json)' },
    driver: { type: 'string', valueName: 'VERSION|none', description: 'what-if: the installed NVIDIA driver' },
    distro: { type: 'string', valueName: 'RELEASE', description: 'what-if: a fresh Linux release, e.g. ubuntu22.04 or debian12 (data/distro-pythons.json): its default Python without venv' },
    lang: LANG_FLAG,
    json: JSON_FLAG,
  },
  async run({ flags }, io) {
    if (!flags.framework) throw usageError('usage.frameworkRequired', { frameworks: FRAMEWORK_IDS.join(', ') });
    const locale = commandLocale(flags, process.env);
    const plan = await planWithReuse({
      framework: flags.framework as Framework,
      frameworkVersion: text(flags['framework-version']),
      python: text(flags.python),
      method: flags.method as InstallMethod | undefined,
      ...(flags['keep-driver'] ? { allowDriverChange: false } : flags['upgrade-driver'] ? { allowDriverChange: true } : {}),
      locale,
      pypiMirror: mirrorFlag('pypi-mirror', flags['pypi-mirror'], 'pypi') ?? undefined,
      pytorchMirror: mirrorFlag('pytorch-mirror', flags['pytorch-mirror'], 'pytorch') ?? undefined,
      offline: flags.offline === true,
      overrides: {
        os: text(flags.os),
        arch: text(flags.arch),
        gpuVendor: text(flags['gpu-vendor']),
        computeCapability: text(flags['compute-capability']),
        gpuArch: text(flags['gpu-arch']),
        gpu: text(flags.gpu),
        driver: text(flags.driver),
        distro: text(flags.distro),
      },
    });
    io.out(flags.json ? `${JSON.stringify(plan, null, 2)}\n` : `${formatPlan(plan, { color: io.color, locale })}\n`);
    // An unknown GPU: the way on is naming it (the wizard has a list; here the --gpu flag).
    if (!flags.json && plan.missingPrerequisites?.some((missing) => missing.code === 'GPU_UNKNOWN')) {
      io.out(`\n${planSummaryText(locale)('gpuUnknown.next', { command: `dlsetup plan --framework ${plan.request.framework} --gpu "NAME"` })}\n`);
    } else if (!flags.json && plan.status === 'ok' && !WHAT_IF_FLAGS.some((flag) => flags[flag] !== undefined)) {
      // A plan for this machine ends with how to install it; a what-if plan is for another machine.
      const driverChanges = plan.driver.action === 'install' || plan.driver.action === 'upgrade';
      io.out(`\n${nextSteps(flags, driverChanges, cliText(locale)).join('\n')}\n`);
    }
    return plan.status === 'ok' ? 0 : 1;
  },
};
