import { DlsetupError } from '../../../shared/errors.js';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readHostFile, hostPathExists, sysrootPath } from '../../system/sysroot.js';
import { aptInstall, installedDebs } from '../aptGet.js';
import { hostWriteError, writeHostFileWithBackup } from '../hostFileWriter.js';
import type { InstallStep, PlannedCommand } from '../installStep.js';
import { installText } from '../../system/installText.js';
import { downloadForStep } from '../stepDownload.js';
import { DEB_PACKAGE_PATTERN, ParamReader, SHA256_PATTERN, checkPathUnder, type ParsedParams } from '../stepParams.js';
import { discardSystemCopy, verifiedSystemCopy } from '../systemArtifact.js';
import { assertOnlyRootCanChange } from '../elevation/rootPathTrust.js';
import { MAX_DOWNLOAD_BYTES } from '../elevation/userDownload.js';
import { cudnnArchive, cudnnPackage, cudnnPinnedPackages, hostNvidiaArch } from '../../data/installSources.js';
import type { StepContext } from '../installStep.js';
import { checkDerived } from './derivedParam.js';

/**
 * The plan's cudnn params, settled: version "9.1.0", cudaMajor "12", cudaSeries "11.2" (cuDNN 8 and older have one
 * package build per series); package, archiveUrl and archiveSha256 come from data/ (the root side looks them up again
 * itself); installDir is its own folder (cudnnDir), registered with the dynamic linker, not copied into the toolkit.
 */
export type CudnnParams = ParsedParams<'cudnn', 'version' | 'cudaMajor' | 'method' | 'package' | 'installDir', 'cudaSeries' | 'archiveUrl' | 'archiveSha256' | 'archive'> & {
  /** cuDNN 8 and older: every package and the exact version NVIDIA built for this CUDA series (data/ cudnnPinnedPackages). */
  pinned?: { packages: string[]; version: string };
};

/** The one folder a cuDNN archive goes to: the root side derives it, so a plan cannot point it elsewhere. */
export function cudnnDir(version: string, cudaMajor: string): string {
  return `/opt/dlsetup/cudnn-${version}-cuda${cudaMajor}`;
}

function noArchive(ctx: StepContext, params: CudnnParams): DlsetupError {
  return ctx.say.error('DATA_OUT_OF_DATE', 'sources.noCudnnArchive', { version: params.version, cudaMajor: params.cudaMajor, arch: hostNvidiaArch() });
}

/** cuDNN 8 and older come pinned from data/; the root side calls this again itself with the descriptor's versions. */
function pinnedFor(version: string, cudaSeries: string | undefined): { packages: string[]; version: string } | null {
  return Number(version.split('.')[0]) < 9 && cudaSeries ? cudnnPinnedPackages(version, cudaSeries) : null;
}

const pinnedArgs = (pinned: { packages: string[]; version: string }) => pinned.packages.map((name) => `${name}=${pinned.version}`);

export function cudnnLdConf(params: CudnnParams): string {
  return `/etc/ld.so.conf.d/dlsetup-cudnn-${params.version}.conf`;
}

/** Reads CUDNN_MAJOR/MINOR/PATCHLEVEL from cudnn_version.h (cuDNN ≥ 8) or cudnn.h (7). */
export function parseCudnnHeaderVersion(text: string): string | null {
  const get = (name: string) => new RegExp(`#define\\s+${name}\\s+(\\d+)`).exec(text)?.[1];
  const major = get('CUDNN_MAJOR');
  const minor = get('CUDNN_MINOR');
  const patch = get('CUDNN_PATCHLEVEL');
  return major && minor && patch ? `${major}.${minor}.${patch}` : null;
}

export const cudnnStep: InstallStep<CudnnParams> = {
  kind: 'cudnn',
  weight: 8,
  elevated: true,
  network: true,
  parse(raw) {
    // aptVersion is read here but not in the plan's cudnn schema, which refuses it in a plan file: named until they agree.
    const reader = new ParamReader<'cudnn', 'aptVersion'>('cudnn', raw);
    const version = reader.string('version', /^\d+\.\d+(\.\d+){0,2}$/);
    const cudaMajor = reader.string('cudaMajor', /^\d{1,2}$/);
    const cudaSeries = reader.optionalString('cudaSeries', /^\d{1,2}\.\d{1,2}$/);
    const archive = reader.optionalString('archive');
    const published = cudnnArchive(version, cudaMajor, hostNvidiaArch());
    const pinned = pinnedFor(version, cudaSeries);
    checkDerived('cudnn', 'aptVersion', reader.optionalString('aptVersion', /^[A-Za-z0-9.+~:-]{1,80}$/), pinned?.version);
    return {
      version,
      cudaMajor,
      ...(cudaSeries ? { cudaSeries } : {}),
      method: reader.oneOf('method', ['apt', 'archive'] as const, 'apt'),
      package: checkDerived('cudnn', 'package', reader.optionalString('package', DEB_PACKAGE_PATTERN), pinned ? pinned.packages[0] : cudnnPackage(version, cudaMajor)) ?? '',
      ...(pinned ? { pinned } : {}),
      archiveUrl: checkDerived('cudnn', 'archiveUrl', reader.optionalUrl('archiveUrl'), published?.url),
      archiveSha256: checkDerived('cudnn', 'archiveSha256', reader.optionalString('archiveSha256', SHA256_PATTERN), published?.sha256),
      installDir: checkDerived('cudnn', 'installDir', reader.optionalPath('installDir', ['/opt/dlsetup']), cudnnDir(version, cudaMajor))!,
      archive: archive ? checkPathUnder('cudnn', 'archive', archive, ['/']) : undefined,
    };
  },
  async check(params, ctx) {
    if (params.method === 'apt') {
      const installed = await installedDebs(ctx);
      // A pinned build counts only at its exact version: another libcudnn8 build targets another CUDA release.
      if (params.pinned) {
        const version = params.pinned.version;
        return params.pinned.packages.every((name) => installed.get(name) === version)
          ? { satisfied: true, message: ctx.say('cudnn.packageInstalled', { package: params.pinned.packages.join(' '), version }) }
          : { satisfied: false, message: '' };
      }
      return params.package && installed.has(params.package)
        ? { satisfied: true, message: ctx.say('cudnn.packageInstalled', { package: params.package, version: String(installed.get(params.package)) }) }
        : { satisfied: false, message: '' };
    }
    const header = await readHostFile(`${params.installDir}/include/cudnn_version.h`);
    const found = header ? parseCudnnHeaderVersion(header) : null;
    const registered = (await readHostFile(cudnnLdConf(params)))?.includes(`${params.installDir}/lib`) ?? false;
    return found && params.version.startsWith(found) && registered
      ? { satisfied: true, message: ctx.say('cudnn.alreadyIn', { version: found, dir: params.installDir }) }
      : { satisfied: false, message: '' };
  },
  async prepare(params, ctx) {
    if (params.method !== 'archive') return params;
    // Only NVIDIA's archive as data/ publishes it is worth downloading: the root side accepts no other.
    const published = cudnnArchive(params.version, params.cudaMajor, hostNvidiaArch());
    if (!published) throw noArchive(ctx, params);
    const download = await downloadForStep(ctx, { url: published.url, sha256: published.sha256, kind: 'archive', label: `cuDNN ${params.version}`, span: [0, 0.6] });
    return { ...params, archive: download.path };
  },
  async run(params, ctx) {
    // Runs as root: package, checksum and folder are looked up here from data/, never taken from the request.
    if (params.method === 'apt' && Number(params.version.split('.')[0]) < 9) {
      const pinned = pinnedFor(params.version, params.cudaSeries);
      if (!pinned) throw ctx.say.error('DATA_OUT_OF_DATE', 'sources.noCudnnPin', { version: params.version, cudaSeries: params.cudaSeries ?? params.cudaMajor });
      // The exact build even when a newer libcudnn8 is in the repository, then held so apt upgrade keeps it.
      await aptInstall(ctx, pinnedArgs(pinned), { progressSpan: [0, 0.95], allowChangeHeld: true });
      await ctx.run(['apt-mark', 'hold', ...pinned.packages], { env: { DEBIAN_FRONTEND: 'noninteractive' } });
      return { message: ctx.say('cudnn.pinnedResult', { packages: pinnedArgs(pinned).join(' ') }) };
    }
    if (params.method === 'apt') {
      const name = cudnnPackage(params.version, params.cudaMajor);
      if (!name) throw ctx.say.error('DATA_OUT_OF_DATE', 'sources.noCudnnPackage', { version: params.version });
      await aptInstall(ctx, [name], { progressSpan: [0, 1] });
      return {};
    }
    const published = cudnnArchive(params.version, params.cudaMajor, hostNvidiaArch());
    if (!published) throw noArchive(ctx, params);
    if (!params.archive) throw ctx.say.error('INTERNAL', 'cudnn.notDownloaded');
    const installDir = cudnnDir(params.version, params.cudaMajor);
    if (await hostPathExists(installDir)) {
      throw ctx.say.error('INVALID_ARGUMENT', 'cudnn.dirExists', { dir: installDir, version: params.version });
    }
    // Its lib folder goes into ld.so.conf.d: no folder on the way may be a normal user's (/opt/dlsetup made by hand).
    await assertOnlyRootCanChange(ctx, [installDir]);
    const copy = await verifiedSystemCopy(ctx, params.archive, { url: published.url, sha256: published.sha256, maxBytes: MAX_DOWNLOAD_BYTES.cudnnArchive });
    try {
      const parent = path.dirname(installDir);
      // /opt/dlsetup itself goes too on rollback when this run made it (only if empty: other runs may use it).
      if (!(await hostPathExists(parent))) ctx.record({ type: 'dir-created', path: parent });
      ctx.record({ type: 'dir-created', path: installDir, owned: true });
      await mkdir(sysrootPath(installDir), { recursive: true, mode: 0o755 }).catch((cause: unknown) => {
        throw hostWriteError(cause, installDir, ctx.say);
      });
      ctx.progress(0.65, ctx.say('cudnn.unpacking', { dir: installDir }));
      await ctx.run(['tar', '-xf', copy, '-C', sysrootPath(installDir), '--strip-components=1', '--no-same-owner']);
    } finally {
      await discardSystemCopy(copy);
    }
    ctx.progress(0.9, ctx.say('cudnn.registering'));
    // Checked again at write time: the archive's own folders must not have made it writable for others either.
    await assertOnlyRootCanChange(ctx, [`${installDir}/lib`]);
    await writeHostFileWithBackup(ctx, cudnnLdConf(params), `# Managed by DL Setup; \`dlsetup rollback\` removes it.\n${installDir}/lib\n`);
    ctx.record({ type: 'needs-ldconfig' });
    await ctx.run(['ldconfig']);
    return { message: ctx.say('cudnn.result', { version: params.version, dir: installDir, file: cudnnLdConf(params) }) };
  },
  describe(params, say = installText()): PlannedCommand[] {
    if (params.method === 'apt' && params.pinned) {
      return [
        { argv: ['apt-get', 'install', '--yes', '--allow-downgrades', '--allow-change-held-packages', ...pinnedArgs(params.pinned)], elevated: true },
        { argv: ['apt-mark', 'hold', ...params.pinned.packages], elevated: true },
      ];
    }
    if (params.method === 'apt' && Number(params.version.split('.')[0]) < 9) {
      return [{ argv: [], elevated: true, note: say('sources.noCudnnPin', { version: params.version, cudaSeries: params.cudaSeries ?? params.cudaMajor }) }];
    }
    if (params.method === 'apt') {
      return [params.package ? { argv: ['apt-get', 'install', '--yes', params.package], elevated: true } : { argv: [], elevated: true, note: say('sources.noCudnnPackage', { version: params.version }) }];
    }
    return [
      { argv: [], elevated: false, note: say('cudnn.noteDownload', { url: String(params.archiveUrl), sha: String(params.archiveSha256?.slice(0, 12)) }) },
      { argv: ['tar', '-xf', '<verified archive>', '-C', params.installDir, '--strip-components=1', '--no-same-owner'], elevated: true },
      { argv: [], elevated: true, note: say('cudnn.noteLdConf', { file: cudnnLdConf(params), dir: params.installDir }) },
      { argv: ['ldconfig'], elevated: true },
    ];
  },
};
