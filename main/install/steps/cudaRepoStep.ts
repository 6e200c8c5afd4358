import { readHostFile } from '../../system/sysroot.js';
import { loadDataTable } from '../../data/loadDataTable.js';
import { cudaKeyringTableSchema } from '../../../shared/data/installSourcesSchema.js';
import { aptInstall, installedDebs, runAptGet } from '../aptGet.js';
import { writeHostFileWithBackup } from '../hostFileWriter.js';
import { nvidiaRepoDistro, readHostOsRelease } from '../../system/hostOsRelease.js';
import type { InstallStep, PlannedCommand } from '../installStep.js';
import { installText, type InstallSay } from '../../system/installText.js';
import { downloadForStep } from '../stepDownload.js';
import { ParamReader, SHA256_PATTERN, checkPathUnder, type ParsedParams } from '../stepParams.js';
import { discardSystemCopy, verifiedSystemCopy } from '../systemArtifact.js';
import { MAX_DOWNLOAD_BYTES } from '../elevation/userDownload.js';

/** NVIDIA's repository root; layout <root>/<distro>/<arch>/cuda-keyring_<v>_all.deb as NVIDIA's install guide uses. */
export const NVIDIA_REPO_BASE = 'https://developer.download.nvidia.com/compute/cuda/repos';

/**
 * The plan's cuda-repo params, settled: distro ('' = read /etc/os-release at run time; WSL2: wsl-ubuntu), mirror (a
 * base URL replacing NVIDIA's), keyringSha256 (shown only, in exports: downloads and the root side use data/'s) and
 * keyringFile (set by prepare(): the verified download in the user's cache).
 */
export type CudaRepoParams = ParsedParams<'cuda-repo', 'distro' | 'arch' | 'mirror' | 'keyringVersion', 'keyringSha256' | 'keyringFile'>;

/** The plan's distro, else this host's, in NVIDIA's naming. */
async function repoDistro(params: CudaRepoParams, say: InstallSay): Promise<string> {
  if (params.distro) return params.distro;
  const os = await readHostOsRelease();
  const distro = os ? nvidiaRepoDistro(os) : null;
  if (!distro) throw say.error('UNSUPPORTED_OS', 'cudaRepo.noPackagesFor', { system: os?.prettyName ?? say('system.this') });
  return distro;
}

/** Every published keyring checksum of one keyring version (an export picks the row on the target host). */
export function publishedKeyrings(keyringVersion: string): { distro: string; arch: string; sha256: string }[] {
  return loadDataTable('cuda-keyrings', cudaKeyringTableSchema)
    .keyrings.filter((row) => row.version === keyringVersion)
    .map(({ distro, arch, sha256 }) => ({ distro, arch, sha256 }));
}

/** NVIDIA's published sha256 of the keyring these params name (data/cuda-keyrings.json); none while the distro is unknown. */
export function publishedKeyringSha256(params: Pick<CudaRepoParams, 'distro' | 'arch' | 'keyringVersion'>): string | undefined {
  if (!params.distro) return undefined;
  return publishedKeyrings(params.keyringVersion).find((row) => row.distro === params.distro && row.arch === params.arch)?.sha256;
}

export function keyringUrl(params: CudaRepoParams): string {
  return `${params.mirror}/${params.distro}/${params.arch}/cuda-keyring_${params.keyringVersion}_all.deb`;
}

export function cudaSourcesList(params: CudaRepoParams): string {
  return `/etc/apt/sources.list.d/cuda-${params.distro}-${params.arch}.list`;
}

export const cudaRepoStep: InstallStep<CudaRepoParams> = {
  kind: 'cuda-repo',
  weight: 2,
  elevated: true,
  network: true,
  parse(raw) {
    const reader = new ParamReader('cuda-repo', raw);
    // Written into an apt source as root: a plain URL only (no query, fragment, spaces or brackets).
    reader.optionalString('mirror', /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?(\/[A-Za-z0-9._~+/-]*)?$/);
    const sha = reader.optionalString('keyringSha256', SHA256_PATTERN);
    const file = reader.optionalString('keyringFile');
    return {
      distro: reader.optionalString('distro', /^[a-z][a-z-]*\d*$/) ?? (reader.boolean('wsl', false) ? 'wsl-ubuntu' : ''),
      arch: reader.oneOf('arch', ['x86_64', 'sbsa'] as const, process.arch === 'arm64' ? 'sbsa' : 'x86_64'),
      mirror: (reader.optionalUrl('mirror') ?? NVIDIA_REPO_BASE).replace(/\/+$/, ''),
      keyringVersion: reader.optionalString('keyringVersion', /^\d+\.\d+-\d+$/) ?? '1.1-1',
      keyringSha256: sha,
      keyringFile: file ? checkPathUnder('cuda-repo', 'keyringFile', file, ['/']) : undefined,
    };
  },
  async check(params, ctx) {
    const installed = await installedDebs(ctx);
    if (!installed.has('cuda-keyring')) return { satisfied: false, message: '' };
    const distro = await repoDistro(params, ctx.say).catch(() => params.distro);
    const list = (await readHostFile(cudaSourcesList({ ...params, distro }))) ?? '';
    if (!list.includes(`${params.mirror}/${distro}/${params.arch}`)) return { satisfied: false, message: '' };
    return { satisfied: true, message: ctx.say('cudaRepo.alreadySetUp', { mirror: params.mirror }) };
  },
  async prepare(params, ctx) {
    const distro = await repoDistro(params, ctx.say);
    // Without a distro in the plan the host's is known only now, and so is which published checksum applies; the
    // root side checks data/'s checksum only, so a plan's own is not downloaded against.
    const resolved = { ...params, distro, keyringSha256: publishedKeyringSha256({ ...params, distro }) };
    if (!resolved.keyringSha256) throw ctx.say.error('DATA_OUT_OF_DATE', 'cudaRepo.noChecksum', { url: keyringUrl(resolved) });
    const download = await downloadForStep(ctx, { url: keyringUrl(resolved), sha256: resolved.keyringSha256, kind: 'keyring', label: 'cuda-keyring', span: [0, 0.3] });
    return { ...resolved, keyringFile: download.path };
  },
  async run(params, ctx) {
    // What runs as root is checked against NVIDIA's published checksum from data/, whatever the plan said.
    const published = publishedKeyringSha256(params);
    if (!published) throw ctx.say.error('DATA_OUT_OF_DATE', 'cudaRepo.noChecksum', { url: keyringUrl(params) });
    if (!params.keyringFile) throw ctx.say.error('INTERNAL', 'cudaRepo.notDownloaded');
    const copy = await verifiedSystemCopy(ctx, params.keyringFile, { url: keyringUrl(params), sha256: published, maxBytes: MAX_DOWNLOAD_BYTES.keyring });
    ctx.progress(0.35, ctx.say('cudaRepo.installingKey'));
    try {
      // dpkg -i through apt so dependencies resolve and the lock is waited for.
      await aptInstall(ctx, [copy], { progressSpan: [0.35, 0.5] });
    } finally {
      await discardSystemCopy(copy);
    }
    if (params.mirror !== NVIDIA_REPO_BASE) {
      const list = cudaSourcesList(params);
      const text = (await readHostFile(list)) ?? '';
      await writeHostFileWithBackup(ctx, list, text.split(NVIDIA_REPO_BASE).join(params.mirror));
      ctx.log(ctx.say('cudaRepo.mirrorInUse', { list, mirror: params.mirror }));
    }
    ctx.progress(0.6, ctx.say('cudaRepo.aptUpdate'));
    await runAptGet(ctx, ['update'], [0.6, 1]);
    return {};
  },
  describe(params, say = installText()): PlannedCommand[] {
    return [
      { argv: [], elevated: false, note: say('note.downloadVerify', { url: keyringUrl({ ...params, distro: params.distro || '<distro>' }) }) },
      { argv: ['apt-get', 'install', '--yes', '<verified cuda-keyring .deb>'], elevated: true },
      ...(params.mirror !== NVIDIA_REPO_BASE ? [{ argv: [], elevated: true, note: say('cudaRepo.notePointMirror', { list: cudaSourcesList(params), mirror: params.mirror }) }] : []),
      { argv: ['apt-get', 'update'], elevated: true },
    ];
  },
};
