import { DlsetupError } from '../../../shared/errors.js';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { readHostFile, hostPathExists, sysrootPath } from '../../system/sysroot.js';
import { aptInstall, installedDebs } from '../aptGet.js';
import { hostWriteError, writeHostFileWithBackup } from '../hostFileWriter.js';
import type { InstallStep, PlannedCommand } from '../installStep.js';
import { installText } from '../installText.js';
import { downloadForStep } from '../stepDownload.js';
import { DEB_PACKAGE_PATTERN, ParamReader, SHA256_PATTERN, checkPathUnder } from '../stepParams.js';
import { discardSystemCopy, verifiedSystemCopy } from '../systemArtifact.js';

export interface CudnnParams {
  /** "9.1.0" */
  version: string;
  /** CUDA major the build targets: "12". */
  cudaMajor: string;
  method: 'apt' | 'archive';
  package: string;
  archiveUrl?: string;
  archiveSha256?: string;
  /** Its own folder, registered with the dynamic linker (not copied into the toolkit). */
  installDir: string;
  archive?: string;
}

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
    const reader = new ParamReader('cudnn', raw);
    const version = reader.string('version', /^\d+\.\d+(\.\d+){0,2}$/);
    const cudaMajor = reader.string('cudaMajor', /^\d{1,2}$/);
    const major = version.split('.')[0];
    const archive = reader.optionalString('archive');
    return {
      version,
      cudaMajor,
      method: reader.oneOf('method', ['apt', 'archive'] as const, 'apt'),
      package: reader.optionalString('package', DEB_PACKAGE_PATTERN) ?? `cudnn${major}-cuda-${cudaMajor}`,
      archiveUrl: reader.optionalUrl('archiveUrl'),
      archiveSha256: reader.optionalString('archiveSha256', SHA256_PATTERN),
      installDir: reader.optionalPath('installDir', ['/opt/dlsetup']) ?? `/opt/dlsetup/cudnn-${version}-cuda${cudaMajor}`,
      archive: archive ? checkPathUnder('cudnn', 'archive', archive, ['/']) : undefined,
    };
  },
  async check(params, ctx) {
    if (params.method === 'apt') {
      const installed = await installedDebs(ctx);
      return installed.has(params.package)
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
    if (!params.archiveUrl || !params.archiveSha256) throw new DlsetupError('INVALID_ARGUMENT', ctx.say('cudnn.noArchiveChecksum'));
    const download = await downloadForStep(ctx, { url: params.archiveUrl, sha256: params.archiveSha256, label: `cuDNN ${params.version}`, span: [0, 0.6] });
    return { ...params, archive: download.path };
  },
  async run(params, ctx) {
    if (params.method === 'apt') {
      await aptInstall(ctx, [params.package], { progressSpan: [0, 1] });
      return {};
    }
    if (!params.archive || !params.archiveSha256) throw new DlsetupError('INTERNAL', ctx.say('cudnn.notDownloaded'));
    if (await hostPathExists(params.installDir)) {
      throw new DlsetupError('INVALID_ARGUMENT', ctx.say('cudnn.dirExists', { dir: params.installDir, version: params.version }));
    }
    const copy = await verifiedSystemCopy(ctx, params.archive, params.archiveSha256);
    try {
      const parent = path.dirname(params.installDir);
      // /opt/dlsetup itself goes too on rollback when this run made it (only if empty: other runs may use it).
      if (!(await hostPathExists(parent))) ctx.record({ type: 'dir-created', path: parent });
      ctx.record({ type: 'dir-created', path: params.installDir, owned: true });
      await mkdir(sysrootPath(params.installDir), { recursive: true, mode: 0o755 }).catch((cause: unknown) => {
        throw hostWriteError(cause, params.installDir, ctx.say);
      });
      ctx.progress(0.65, ctx.say('cudnn.unpacking', { dir: params.installDir }));
      await ctx.run(['tar', '-xf', copy, '-C', sysrootPath(params.installDir), '--strip-components=1', '--no-same-owner']);
    } finally {
      await discardSystemCopy(copy);
    }
    ctx.progress(0.9, ctx.say('cudnn.registering'));
    await writeHostFileWithBackup(ctx, cudnnLdConf(params), `# Managed by DL Setup; \`dlsetup rollback\` removes it.\n${params.installDir}/lib\n`);
    ctx.record({ type: 'needs-ldconfig' });
    await ctx.run(['ldconfig']);
    return { message: ctx.say('cudnn.result', { version: params.version, dir: params.installDir, file: cudnnLdConf(params) }) };
  },
  describe(params, say = installText()): PlannedCommand[] {
    if (params.method === 'apt') return [{ argv: ['apt-get', 'install', '--yes', params.package], elevated: true }];
    return [
      { argv: [], elevated: false, note: say('cudnn.noteDownload', { url: String(params.archiveUrl), sha: String(params.archiveSha256?.slice(0, 12)) }) },
      { argv: ['tar', '-xf', '<verified archive>', '-C', params.installDir, '--strip-components=1', '--no-same-owner'], elevated: true },
      { argv: [], elevated: true, note: say('cudnn.noteLdConf', { file: cudnnLdConf(params), dir: params.installDir }) },
      { argv: ['ldconfig'], elevated: true },
    ];
  },
};
