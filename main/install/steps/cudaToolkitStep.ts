import { DlsetupError } from '../../../shared/errors.js';
import { hostPathExists, sysrootPath } from '../../system/sysroot.js';
import { aptCandidate, aptInstall } from '../aptGet.js';
import type { InstallStep, PlannedCommand, StepContext } from '../installStep.js';
import { installText } from '../../system/installText.js';
import { downloadForStep } from '../stepDownload.js';
import { DEB_PACKAGE_PATTERN, ParamReader, SHA256_PATTERN, checkPathUnder, type ParsedParams } from '../stepParams.js';
import type { PlanStepParamsOf } from '../../../shared/schema/stepSchemas.js';
import { discardSystemCopy, verifiedSystemCopy } from '../systemArtifact.js';
import { assertOnlyRootCanChange } from '../elevation/rootPathTrust.js';
import { MAX_DOWNLOAD_BYTES } from '../elevation/userDownload.js';
import { hostNvidiaArch, toolkitPackage, toolkitRunfile } from '../../data/installSources.js';
import { checkDerived } from './derivedParam.js';

/**
 * The plan's cuda-toolkit params, settled. `version` is the series X.Y that names the package and the folder ("12.6"
 * for 12.6.3) and `release` the version the plan names (which runfile data/ has for it); package, runfileUrl and
 * runfileSha256 come from data/ (the root side looks them up again itself); setActive makes this toolkit the one
 * /usr/local/cuda points to (update-alternatives, never by deleting another); runfile is set by prepare().
 */
export type CudaToolkitParams = ParsedParams<'cuda-toolkit', 'version' | 'package' | 'method' | 'setActive', 'runfileUrl' | 'runfileSha256' | 'runfile' | 'useRunfile'> & {
  release: PlanStepParamsOf<'cuda-toolkit'>['version'];
};

export function toolkitDir(version: string): string {
  return `/usr/local/cuda-${version}`;
}

/** `update-alternatives --query cuda`: the current value and the registered trees. */
export function parseAlternativesQuery(text: string): { value: string | null; alternatives: string[] } {
  const value = /^Value:\s*(\S+)/m.exec(text)?.[1] ?? null;
  const alternatives = [...text.matchAll(/^Alternative:\s*(\S+)/gm)].map((m) => m[1]!);
  return { value: value === '(none)' ? null : value, alternatives };
}

async function setActiveToolkit(ctx: StepContext, version: string): Promise<void> {
  const dir = toolkitDir(version);
  const query = await ctx.run(['update-alternatives', '--query', 'cuda'], { allowFailure: true, quiet: true });
  const { value, alternatives } = query.exitCode === 0 ? parseAlternativesQuery(query.stdout) : { value: null, alternatives: [] };
  if (value === dir) {
    ctx.log(ctx.say('cudaToolkit.alreadyActive', { dir }));
    return;
  }
  // /usr/local/cuda will lead into it: nothing on the way may be a normal user's to change.
  await assertOnlyRootCanChange(ctx, [dir]);
  const registered = !alternatives.includes(dir);
  if (registered) {
    const [major, minor] = version.split('.').map(Number);
    // NVIDIA's packages register "cuda" the same way; the priority orders toolkits by version.
    await ctx.run(['update-alternatives', '--install', '/usr/local/cuda', 'cuda', dir, String(major! * 10 + minor!)]);
  }
  await ctx.run(['update-alternatives', '--set', 'cuda', dir]);
  ctx.record({ type: 'alternative-set', name: 'cuda', path: dir, previous: value, registered });
}

function noRunfile(ctx: StepContext, params: CudaToolkitParams): DlsetupError {
  return ctx.say.error('NOT_FOUND', 'sources.noRunfile', { version: params.release, arch: hostNvidiaArch() });
}

export const cudaToolkitStep: InstallStep<CudaToolkitParams> = {
  kind: 'cuda-toolkit',
  weight: 20,
  elevated: true,
  network: true,
  parse(raw) {
    const reader = new ParamReader('cuda-toolkit', raw);
    const full = reader.string('version', /^\d{1,2}\.\d{1,2}(\.\d{1,3})?$/);
    const version = reader.optionalString('series', /^\d{1,2}\.\d{1,2}$/) ?? full.split('.').slice(0, 2).join('.');
    if (reader.oneOf('os', ['linux', 'windows'] as const, 'linux') === 'windows') {
      throw installText.error('UNSUPPORTED_OS', 'params.toolkitOnWindows');
    }
    const installPath = reader.optionalPath('installPath', ['/usr/local']);
    if (installPath && installPath !== toolkitDir(version)) {
      throw installText.error('INVALID_ARGUMENT', 'params.toolkitPath', { version, path: installPath, expected: toolkitDir(version) });
    }
    const runfile = reader.optionalString('runfile');
    const published = toolkitRunfile(full, hostNvidiaArch());
    return {
      version,
      release: full,
      package: checkDerived('cuda-toolkit', 'package', reader.optionalString('package', DEB_PACKAGE_PATTERN), toolkitPackage(version))!,
      method: reader.oneOf('method', ['auto', 'apt', 'runfile'] as const, 'auto'),
      runfileUrl: checkDerived('cuda-toolkit', 'runfileUrl', reader.optionalUrl('runfileUrl'), published?.url),
      runfileSha256: checkDerived('cuda-toolkit', 'runfileSha256', reader.optionalString('runfileSha256', SHA256_PATTERN), published?.sha256),
      setActive: reader.boolean('setActive', reader.boolean('makeActive', true)),
      runfile: runfile ? checkPathUnder('cuda-toolkit', 'runfile', runfile, ['/']) : undefined,
      useRunfile: reader.boolean('useRunfile', false),
    };
  },
  async check(params, ctx) {
    const dir = toolkitDir(params.version);
    if (!(await hostPathExists(`${dir}/bin/nvcc`))) return { satisfied: false, message: '' };
    if (params.setActive) {
      // Installed but another toolkit is the active one: run() only switches the alternative.
      const query = await ctx.run(['update-alternatives', '--query', 'cuda'], { allowFailure: true, quiet: true }).catch(() => null);
      const value = query?.exitCode === 0 ? parseAlternativesQuery(query.stdout).value : null;
      if (query?.exitCode === 0 && value !== dir) {
        const message = value ? ctx.say('cudaToolkit.otherActive', { version: params.version, target: value }) : ctx.say('cudaToolkit.noneActive', { version: params.version });
        return { satisfied: false, message };
      }
    }
    return { satisfied: true, message: ctx.say('cudaToolkit.alreadyInstalled', { version: params.version, dir }) };
  },
  async prepare(params, ctx) {
    // Only NVIDIA's runfile as data/ publishes it is worth downloading: the root side accepts no other.
    const published = toolkitRunfile(params.release, hostNvidiaArch());
    let useRunfile = params.method === 'runfile';
    if (params.method === 'auto') useRunfile = (await aptCandidate(ctx, params.package)) === null && !!published;
    if (!useRunfile) return { ...params, useRunfile: false };
    if (!published) throw noRunfile(ctx, params);
    const download = await downloadForStep(ctx, { url: published.url, sha256: published.sha256, kind: 'runfile', label: `CUDA ${params.version} runfile`, span: [0, 0.5] });
    return { ...params, useRunfile: true, runfile: download.path };
  },
  async run(params, ctx) {
    const dir = toolkitDir(params.version);
    if (!(await hostPathExists(`${dir}/bin/nvcc`))) {
      if (params.useRunfile) {
        // Runs as root: the checksum is data/'s for this release, looked up here, never one the request carried.
        const published = toolkitRunfile(params.release, hostNvidiaArch());
        if (!published) throw noRunfile(ctx, params);
        if (!params.runfile) throw ctx.say.error('INTERNAL', 'cudaToolkit.notDownloaded');
        // The runfile installs into it as root, and /usr/local/cuda may point there later.
        await assertOnlyRootCanChange(ctx, [dir]);
        const copy = await verifiedSystemCopy(ctx, params.runfile, { url: published.url, sha256: published.sha256, maxBytes: MAX_DOWNLOAD_BYTES.runfile });
        if (!(await hostPathExists(dir))) ctx.record({ type: 'dir-created', path: dir, owned: true });
        ctx.progress(0.55, ctx.say('cudaToolkit.installingRunfile', { version: params.version, dir }));
        try {
          await ctx.run(['sh', copy, '--silent', '--toolkit', `--toolkitpath=${sysrootPath(dir)}`], { timeoutMs: 60 * 60_000 });
        } finally {
          await discardSystemCopy(copy);
        }
      } else {
        const name = toolkitPackage(params.version);
        ctx.progress(0.05, ctx.say('cudaToolkit.installingPackage', { package: name }));
        await aptInstall(ctx, [name], { noRecommends: true, progressSpan: [0.05, 0.9] });
      }
    }
    if (params.setActive) await setActiveToolkit(ctx, params.version);
    ctx.progress(1, ctx.say('cudaToolkit.installed', { version: params.version }));
    return { message: ctx.say('cudaToolkit.result', { version: params.version, dir }) };
  },
  describe(params, say = installText()): PlannedCommand[] {
    const dir = toolkitDir(params.version);
    const install: PlannedCommand[] =
      params.method === 'runfile'
        ? [
            { argv: [], elevated: false, note: say('note.downloadVerify', { url: params.runfileUrl ?? '(runfile URL)' }) },
            { argv: ['sh', '<verified runfile>', '--silent', '--toolkit', `--toolkitpath=${dir}`], elevated: true },
          ]
        : [
            {
              argv: ['apt-get', 'install', '--yes', '--no-install-recommends', params.package],
              elevated: true,
              note: params.method === 'auto' && params.runfileUrl ? say('cudaToolkit.noteRunfileFallback', { package: params.package }) : undefined,
            },
          ];
    return [
      ...install,
      ...(params.setActive
        ? [
            { argv: ['update-alternatives', '--install', '/usr/local/cuda', 'cuda', dir, '<priority>'], elevated: true, note: say('cudaToolkit.noteNotRegistered') },
            { argv: ['update-alternatives', '--set', 'cuda', dir], elevated: true },
          ]
        : []),
    ];
  },
};
