import { readFile } from 'node:fs/promises';
import { readHostFile, sysrootPath } from '../../system/sysroot.js';
import { aptCandidate, aptInstall, recordingNewDebs, runAptGet } from '../aptGet.js';
import { missingDriverComponents, NON_FREE_LIST, readAptSources } from '../debianSources.js';
import { kernelModuleStates } from '../kernelModules.js';
import { findOnPath } from '../../system/findOnPath.js';
import { writeHostFileWithBackup } from '../hostFileWriter.js';
import { readHostOsRelease } from '../../system/hostOsRelease.js';
import type { InstallStep, PlannedCommand, StepContext } from '../installStep.js';
import { installText, type InstallSay } from '../../system/installText.js';
import { DEB_PACKAGE_PATTERN, ParamReader, type ParsedParams } from '../stepParams.js';
import type { PlanStepParamsOf } from '../../../shared/schema/stepSchemas.js';
import { checkDerived } from './derivedParam.js';
import { parseProcDriverVersion } from '../../system/parseProcDriverVersion.js';
import { driverVersion } from '../../../shared/versions/driverVersion.js';
import { debianDriverPackages, ubuntuDriverPackage } from '../../data/installSources.js';
import { openModulesOnlyGpu } from '../openModulesGpu.js';

export const NOUVEAU_BLACKLIST = '/etc/modprobe.d/dlsetup-blacklist-nouveau.conf';
const SECURE_BOOT_VAR = '/sys/firmware/efi/efivars/SecureBoot-8be4df61-93ca-11d2-aa0d-00e098032b8c';

/**
 * The plan's driver params, settled: branch "550"; open: NVIDIA's open kernel modules (nvidia-driver-NNN-open on
 * Ubuntu, nvidia-open-kernel-dkms on Debian, nvidia-open from NVIDIA); minimum: the loaded driver must be at least this
 * for the step to count as done (or minimumVersion); manual: WSL2, where the user updates the Windows driver.
 */
export type DriverParams = ParsedParams<'driver', 'open' | 'manual', 'branch' | 'minimum'> & {
  /** The plan's `os`. */
  targetOs: NonNullable<PlanStepParamsOf<'driver'>['os']>;
};

/** Secure Boot state from the EFI variable (last byte 1 = enabled); null on BIOS machines. */
export async function secureBootEnabled(): Promise<boolean | null> {
  try {
    const data = await readFile(sysrootPath(SECURE_BOOT_VAR));
    return data.length >= 5 ? data[4] === 1 : null;
  } catch {
    return null;
  }
}

async function nouveauLoaded(): Promise<boolean> {
  const modules = (await readHostFile('/proc/modules')) ?? '';
  return /^nouveau\s/m.test(modules);
}

/**
 * Per-distro choice of what to install, from data/ for the branch and this host's distro (the plan's package names
 * are never installed: issue 15); other systems get manual instructions instead of guesses.
 */
export async function driverCommand(params: DriverParams, ctx: StepContext | null, say: InstallSay): Promise<{ method: 'ubuntu-drivers' | 'apt'; packages: string[] }> {
  const os = await readHostOsRelease();
  const id = os?.id ?? 'unknown';
  if (params.targetOs === 'windows') {
    throw say.error('UNSUPPORTED_OS', 'driver.windows');
  }
  // The helper reads the PCI ids itself: a GPU that only NVIDIA's open modules drive never gets the proprietary ones.
  const openOnly = params.open ? null : await openModulesOnlyGpu();
  if (openOnly) throw say.error('INVALID_ARGUMENT', 'driver.openModulesRequired', { gpu: openOnly });
  if (id === 'ubuntu' || os?.idLike.includes('ubuntu')) {
    const named = params.branch ? ubuntuDriverPackage(params.branch, params.open) : null;
    if (named) return { method: 'apt', packages: [named] };
    if (await findOnPath('ubuntu-drivers')) return { method: 'ubuntu-drivers', packages: [] };
    throw say.error('INVALID_ARGUMENT', 'driver.noBranch');
  }
  if (id === 'debian') {
    const { packages, fallbackPackages } = debianDriverPackages(params.open);
    if (ctx && (await aptCandidate(ctx, packages[0]!)) === null) {
      for (const fallback of fallbackPackages) if ((await aptCandidate(ctx, fallback)) !== null) return { method: 'apt', packages: [fallback] };
      const missing = missingDriverComponents(await readAptSources(), os!.codename);
      if (!missing.line) throw say.error('NOT_FOUND', 'driver.debianNonFree');
      if (!missing.base) throw say.error('NOT_FOUND', 'driver.debianSourcesLine', { line: missing.line });
      await enableDebianComponents(ctx, missing.line, missing.base.file);
      if ((await aptCandidate(ctx, packages[0]!)) === null) throw say.error('NOT_FOUND', 'driver.debianSourcesLine', { line: missing.line });
    }
    if (ctx) await refuseOlderThanPlanned(ctx, packages[0]!, params.minimum, os!.prettyName, say);
    return { method: 'apt', packages };
  }
  throw say.error('UNSUPPORTED_OS', 'driver.unsupportedOs', { system: os?.prettyName ?? say('system.this') });
}

/**
 * Debian installs the driver it packages, whatever the plan wanted: a plan made elsewhere (a fleet export from an
 * Ubuntu machine) may need more. Said before anything is installed, never found after the restart.
 */
async function refuseOlderThanPlanned(ctx: StepContext, name: string, minimum: string | undefined, system: string, say: InstallSay): Promise<void> {
  const candidate = await aptCandidate(ctx, name);
  // Debian versions: [epoch:]upstream[-revision]; the driver's own version is the upstream part.
  const version = candidate?.replace(/^\d+:/, '').replace(/-[^-]*$/, '');
  if (!minimum || !version || !driverVersion.parse(version) || driverVersion.compare(version, minimum) >= 0) return;
  throw say.error('DRIVER_TOO_OLD', 'driver.debianPackagedTooOld', { system, package: name, version, minimum });
}

/** Adds the components Debian's driver needs, as the line the user's own main line implies, in a file rollback removes. */
async function enableDebianComponents(ctx: StepContext, line: string, extends_: string): Promise<void> {
  ctx.progress(0.02, ctx.say('driver.addingSourcesLine', { line, file: NON_FREE_LIST }));
  ctx.log(ctx.say('driver.sourcesLineMissing', { line, file: extends_ }));
  await writeHostFileWithBackup(ctx, NON_FREE_LIST, `# Added by DL Setup for Debian's NVIDIA driver; \`dlsetup rollback\` removes it.\n${line}\n`);
  await runAptGet(ctx, ['update'], [0.03, 0.09]);
}

/**
 * After apt: a kernel module must exist for some installed kernel, or no restart can load the driver. DKMS skips a
 * kernel without its headers and apt still succeeds, so this is said, never claimed as done.
 */
async function moduleNotBuiltMessage(say: InstallSay): Promise<string | null> {
  const kernels = await kernelModuleStates();
  if (kernels.length === 0 || kernels.some((kernel) => kernel.nvidiaModule)) return null;
  const withoutHeaders = kernels.filter((kernel) => !kernel.headers).map((kernel) => kernel.release);
  if (withoutHeaders.length) {
    return say('driver.moduleNoHeaders', { kernels: withoutHeaders.join(', '), packages: withoutHeaders.map((release) => `linux-headers-${release}`).join(' ') });
  }
  return say('driver.moduleNotBuilt', { kernels: kernels.map((kernel) => kernel.release).join(', ') });
}

export const driverStep: InstallStep<DriverParams> = {
  kind: 'driver',
  weight: 25,
  elevated: (params) => !params.manual,
  network: true,
  parse(raw) {
    const reader = new ParamReader('driver', raw);
    const branch = reader.optionalString('branch', /^\d{3}(-server)?$/);
    const open = reader.boolean('open', false);
    // A plan may repeat the package names data/ gives for its branch; what gets installed is always data/'s.
    const ubuntu = branch ? ubuntuDriverPackage(branch, open) : null;
    checkDerived('driver', 'ubuntuPackage', reader.optionalString('ubuntuPackage', DEB_PACKAGE_PATTERN), ubuntu ?? '');
    const { packages, fallbackPackages } = debianDriverPackages(open);
    const known = [...(ubuntu ? [ubuntu] : []), ...packages, ...fallbackPackages];
    const named = reader.optionalString('package', DEB_PACKAGE_PATTERN);
    checkDerived('driver', 'package', named, named && known.includes(named) ? named : known.join(' | '));
    return {
      branch,
      open,
      minimum: reader.optionalString('minimum', /^\d+(\.\d+){0,2}$/) ?? reader.optionalString('minimumVersion', /^\d+(\.\d+){0,2}$/),
      manual: reader.boolean('manual', false),
      targetOs: reader.oneOf('os', ['linux', 'windows'] as const, 'linux'),
    };
  },
  async check(params, ctx) {
    const text = await readHostFile('/proc/driver/nvidia/version');
    const loaded = text ? (parseProcDriverVersion(text)?.version ?? null) : null;
    if (!loaded) return { satisfied: false, message: '' };
    if (params.minimum && driverVersion.compare(loaded, params.minimum) < 0) return { satisfied: false, message: ctx.say('driver.older', { loaded, minimum: params.minimum }) };
    const branch = params.branch?.replace('-server', '');
    // A newer branch than planned may no longer drive the GPU (595 ignores Pascal): the planned branch is what counts.
    const tooNew = branch !== undefined && Number(loaded.split('.')[0]) > Number(branch);
    if (branch && (tooNew || (!params.minimum && !loaded.startsWith(`${branch}.`)))) {
      return { satisfied: false, message: ctx.say('driver.wrongBranch', { loaded, branch: String(params.branch) }) };
    }
    return { satisfied: true, message: ctx.say('driver.nvidiaLoaded', { version: loaded }) };
  },
  async notices(params, say = installText()) {
    const notes: string[] = [];
    const secureBoot = await secureBootEnabled();
    if (secureBoot) notes.push(say('driver.secureBoot'));
    notes.push(params.branch ? say('driver.restartNoticeBranch', { branch: params.branch }) : say('driver.restartNotice'));
    return notes;
  },
  async preflight(params, say = installText()) {
    // Unsupported systems and Windows are refused before anyone is asked for a password (Debian's repo probe waits for run).
    if (!params.manual) await driverCommand(params, null, say);
  },
  async run(params, ctx) {
    if (params.manual) {
      throw params.minimum
        ? ctx.say.error('DRIVER_TOO_OLD', 'driver.wslMinimum', { version: params.minimum })
        : ctx.say.error('DRIVER_TOO_OLD', 'driver.wslBranch', { branch: String(params.branch) });
    }
    const choice = await driverCommand(params, ctx, ctx.say);
    let blacklisted = false;
    if (await nouveauLoaded()) {
      ctx.progress(0.05, ctx.say('driver.disablingNouveau'));
      blacklisted = await writeHostFileWithBackup(ctx, NOUVEAU_BLACKLIST, '# Managed by DL Setup; `dlsetup rollback` removes it.\nblacklist nouveau\noptions nouveau modeset=0\n');
    }
    if (choice.method === 'ubuntu-drivers') {
      await recordingNewDebs(ctx, async () => {
        await ctx.run(['ubuntu-drivers', 'install', ...(params.branch ? [`nvidia:${params.branch}`] : [])], { env: { DEBIAN_FRONTEND: 'noninteractive' }, timeoutMs: 60 * 60_000 });
      });
    } else {
      await aptInstall(ctx, choice.packages, { progressSpan: [0.1, 0.9] });
    }
    if (await nouveauLoaded()) {
      ctx.progress(0.92, ctx.say('driver.rebuildingInitramfs'));
      // The blacklist lives on in the initramfs: rollback must rebuild it once the file is gone.
      if (blacklisted) ctx.record({ type: 'needs-initramfs' });
      await ctx.run(['update-initramfs', '-u'], { timeoutMs: 15 * 60_000 });
    }
    const loaded = parseProcDriverVersion((await readHostFile('/proc/driver/nvidia/version')) ?? '')?.version ?? null;
    const pastBranch = params.branch !== undefined && Number(loaded?.split('.')[0]) > Number(params.branch.replace('-server', ''));
    if (loaded && !pastBranch && (!params.minimum || driverVersion.compare(loaded, params.minimum) >= 0) && !(await nouveauLoaded())) return { message: ctx.say('driver.loaded', { version: loaded }) };
    const notBuilt = choice.method === 'apt' ? await moduleNotBuiltMessage(ctx.say) : null;
    if (notBuilt) ctx.log(notBuilt);
    return { needsReboot: true, message: notBuilt ? `${notBuilt} ${ctx.say('driver.restartToLoad')}` : ctx.say('driver.restartToLoad') };
  },
  describe(params, say = installText()): PlannedCommand[] {
    if (params.manual) return [{ argv: [], elevated: false, note: say('driver.noteWindows', { version: String(params.minimum ?? params.branch) }) }];
    const commands: PlannedCommand[] = [{ argv: [], elevated: true, note: say('driver.noteNouveau', { file: NOUVEAU_BLACKLIST }) }];
    const debianNote = say('driver.noteDebian');
    const named = params.branch ? ubuntuDriverPackage(params.branch, params.open) : null;
    // Without a branch the plan may be Debian's, whose driver needs contrib/non-free/non-free-firmware in the sources.
    if (!named) commands.push({ argv: [], elevated: true, note: say('driver.noteDebianSources', { file: NON_FREE_LIST }) });
    if (named) commands.unshift({ argv: ['apt-get', 'install', '--yes', named], elevated: true, note: debianNote });
    else commands.unshift({ argv: ['ubuntu-drivers', 'install'], elevated: true, note: debianNote });
    commands.push({ argv: [], elevated: false, note: say('driver.noteRestart') });
    return commands;
  },
};
