import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { hostPathExists, sysrootPath } from '../../system/sysroot.js';
import { pinnedRequirements } from '../../../shared/plan/pinnedRequirements.js';
import { withoutUserinfo } from '../../../shared/text/urlUserinfo.js';
import type { InstallStep, PlannedCommand, StepContext } from '../installStep.js';
import { installText, sayList } from '../../system/installText.js';
import { metadataGap, metadataGapText } from '../pip/indexMetadata.js';
import { readPipConfig } from '../pip/readPipConfig.js';
import { mirrorIds, resolvePipIndexes, type PipIndexArgs } from '../mirrorPresets.js';
import { PipProgressParser, parsePipVersion, pipSupportsRawProgress } from '../pip/pipProgressParser.js';
import { PIP_REQUIREMENT_PATTERN, ParamReader, checkPathUnder, checkUrl, type ParsedParams } from '../stepParams.js';
import { installFromLocalFiles } from './frameworkLocalInstall.js';
import { LOCAL_FILES_PIP, pipForLocalFiles } from './frameworkPipUpgrade.js';
import { envPython } from './pythonEnvStep.js';

/**
 * The plan's framework params, settled: envPath is the environment pip installs into (venvPath, else the plan's
 * python-env step); extraIndexUrls holds extraIndexUrl too; pypiMirror and pytorchMirror are a preset id (tuna, aliyun,
 * ustc, official) or a URL replacing PyPI or download.pytorch.org.
 */
export type FrameworkParams = ParsedParams<'framework', 'packages' | 'envPath' | 'extraIndexUrls' | 'findLinks', 'indexUrl' | 'pypiMirror' | 'pytorchMirror' | 'proxy'>;

/** PEP 503 name normalisation, as pip compares names. */
export function normalizeDistName(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function requirementParts(requirement: string): { name: string; pinned?: string } {
  const match = /^([A-Za-z0-9][A-Za-z0-9._-]*)(?:\[[^\]]*\])?(?:==([^,]+))?/.exec(requirement);
  return { name: normalizeDistName(match?.[1] ?? requirement), pinned: match?.[2] };
}

const LIST_DISTS = 'import json, importlib.metadata as m; print(json.dumps({d.metadata["Name"]: d.version for d in m.distributions() if d.metadata["Name"]}))';

async function installedDists(ctx: StepContext, python: string): Promise<Map<string, string>> {
  const result = await ctx.run([python, '-c', LIST_DISTS], { quiet: true });
  const parsed = JSON.parse(result.stdout) as Record<string, string>;
  return new Map(Object.entries(parsed).map(([name, version]) => [normalizeDistName(name), version]));
}

function indexArgs(params: FrameworkParams): PipIndexArgs {
  const resolved = resolvePipIndexes(params.indexUrl, params.pypiMirror, params.pytorchMirror);
  return {
    indexUrl: resolved.indexUrl,
    extraIndexUrls: [...resolved.extraIndexUrls, ...params.extraIndexUrls],
    findLinks: [...resolved.findLinks, ...params.findLinks],
  };
}

/** `pinnedFile`: a requirements file with every download's sha256 (pinnedRequirements.ts); pip then refuses any other bytes. */
export function pipInstallArgv(python: string, params: FrameworkParams, rawProgress: boolean, pinnedFile?: string): string[] {
  const indexes = indexArgs(params);
  return [
    python,
    '-m',
    'pip',
    'install',
    '--disable-pip-version-check',
    '--no-input',
    // Colour codes would land in the step log the wizard shows.
    '--no-color',
    '--progress-bar',
    rawProgress ? 'raw' : 'off',
    ...(indexes.indexUrl ? ['--index-url', indexes.indexUrl] : []),
    ...indexes.extraIndexUrls.flatMap((url) => ['--extra-index-url', url]),
    ...indexes.findLinks.flatMap((url) => ['--find-links', url]),
    ...(pinnedFile ? ['--require-hashes', '-r', pinnedFile] : params.packages),
  ];
}

/** Where the run writes the pins: inside the environment, so undoing the install removes them with it. */
function pinnedFilePath(envPath: string): string {
  return path.join(envPath, 'dlsetup-pinned-requirements.txt');
}

/** Writes the plan's pins for pip; null when the plan carries none (not checked on its index, or a file without a hash). */
async function writePins(ctx: StepContext, envPath: string): Promise<string | null> {
  const lines = ctx.plan ? pinnedRequirements(ctx.plan) : null;
  if (!lines) return null;
  // pip reads it as a real file: on a simulated host the environment lives under the sysroot.
  const file = sysrootPath(pinnedFilePath(envPath));
  await writeFile(file, `${lines.join('\n')}\n`, { mode: 0o644 });
  ctx.log(ctx.say('framework.pinned', { count: lines.length }));
  return file;
}

/**
 * What every `pip install` of the step gets in its environment: the proxy as PIP_PROXY (pip reads each option from
 * PIP_<OPTION>), never as an argument, because a child's argv is public in `ps` and its environment is not.
 */
export function pipEnvironment(params: Pick<FrameworkParams, 'proxy'>): Record<string, string> {
  return { PIP_NO_INPUT: '1', PYTHONUNBUFFERED: '1', ...(params.proxy ? { PIP_PROXY: params.proxy } : {}) };
}

function planEnvPath(ctx: StepContext | null, plan: StepContext['plan']): string | undefined {
  const source = ctx?.plan ?? plan;
  const envStep = source?.steps.find((step) => step.kind === 'python-env');
  const value = envStep?.params.path;
  return typeof value === 'string' ? value : undefined;
}

export const frameworkStep: InstallStep<FrameworkParams> = {
  kind: 'framework',
  weight: 10,
  elevated: false,
  network: true,
  parse(raw) {
    const reader = new ParamReader('framework', raw);
    const envPath = reader.optionalString('envPath') ?? reader.optionalString('venvPath');
    // A preset id the engine does not know would silently fall back to the official index: refuse it by name.
    const mirror = (name: 'pypiMirror' | 'pytorchMirror') => {
      const value = reader.optionalString(name);
      if (value === undefined) return undefined;
      if (/^https?:\/\//.test(value)) return checkUrl('framework', name, value);
      return reader.oneOf(name, mirrorIds(name === 'pypiMirror' ? 'pypi' : 'pytorch'));
    };
    return {
      packages: reader.stringList('packages', PIP_REQUIREMENT_PATTERN, { min: 1 }),
      envPath: envPath ? checkPathUnder('framework', 'envPath', envPath, ['/']) : '',
      indexUrl: reader.optionalUrl('indexUrl'),
      extraIndexUrls: [
        ...reader.stringList('extraIndexUrls', /^https?:\/\/\S+$/).map((url) => checkUrl('framework', 'extraIndexUrls', url)),
        // The plan's single extraIndexUrl (PyTorch 1.12/1.13 style).
        ...(reader.optionalUrl('extraIndexUrl') ? [reader.url('extraIndexUrl')] : []),
      ],
      findLinks: reader.stringList('findLinks', /^https?:\/\/\S+$/).map((url) => checkUrl('framework', 'findLinks', url)),
      pypiMirror: mirror('pypiMirror'),
      pytorchMirror: mirror('pytorchMirror'),
      proxy: reader.optionalString('proxy', /^https?:\/\/[^\s]+$/),
    };
  },
  async check(params, ctx) {
    const envPath = params.envPath || planEnvPath(ctx, null);
    if (!envPath || !(await hostPathExists(path.join(envPath, 'bin', 'python')))) return { satisfied: false, message: '' };
    const installed = await installedDists(ctx, envPython(envPath));
    const missing = params.packages.filter((requirement) => {
      const { name, pinned } = requirementParts(requirement);
      const version = installed.get(name);
      return version === undefined || (pinned !== undefined && version !== pinned);
    });
    return missing.length === 0
      ? { satisfied: true, message: ctx.say('framework.alreadyInstalled', { packages: sayList(ctx.say, params.packages), env: envPath }) }
      : { satisfied: false, message: ctx.say('framework.toInstall', { packages: sayList(ctx.say, missing) }) };
  },
  async run(params, ctx) {
    const envPath = params.envPath || planEnvPath(ctx, null);
    if (!envPath) throw ctx.say.error('INVALID_ARGUMENT', 'framework.noEnv');
    const python = envPython(envPath);
    if (!(await hostPathExists(path.join(envPath, 'bin', 'python')))) {
      throw ctx.say.error('NOT_FOUND', 'framework.envMissing', { env: envPath });
    }
    const versionOutput = await ctx.run([python, '-m', 'pip', '--version'], { quiet: true });
    const pipVersion = parsePipVersion(versionOutput.stdout) ?? '0';
    const raw = pipSupportsRawProgress(pipVersion);
    ctx.log(`pip ${pipVersion}: ${raw ? 'byte progress from --progress-bar raw' : 'line-based progress (pip < 24.1)'}`);
    const before = await installedDists(ctx, python);
    const parser = new PipProgressParser(params.packages.length, ctx.say);
    let lastEmit = 0;
    let lastDetail = '';
    let fetchedByUs: number | null = null;
    try {
      // An index without PEP 658 metadata makes pip's dry run download every wheel: then pip downloads once, itself.
      // pip also reads its own configuration (pip.conf files, PIP_* variables): an index added there counts too.
      const pipConfig = await readPipConfig(ctx, python, envPath);
      const gap = metadataGap(indexArgs(params), pipConfig.config);
      if (gap) ctx.log(metadataGapText(ctx.say, gap));
      // An env this run created gets a pip that resolves from metadata alone (rollback removes the env whole).
      const env = pipEnvironment(params);
      const pinned = await writePins(ctx, envPath);
      const localPip = gap ? pipVersion : await pipForLocalFiles(ctx, { python, envPath, pipVersion, upgradeArgv: pipInstallArgv(python, { ...params, packages: [LOCAL_FILES_PIP] }, false), env });
      // pip resolves, DL Setup downloads, pip installs from those files; null: pip downloads itself, as before.
      const local = gap ? null : await installFromLocalFiles(ctx, {
        python,
        pipVersion: localPip,
        installArgv: pipInstallArgv(python, params, false, pinned ?? undefined),
        env,
        pinned: Boolean(params.pypiMirror || params.pytorchMirror),
        proxy: params.proxy,
      });
      fetchedByUs = local?.bytesFetched ?? null;
      if (!local) await ctx.run(pipInstallArgv(python, params, raw || pipSupportsRawProgress(localPip), pinned ?? undefined), {
        timeoutMs: 2 * 60 * 60_000,
        env,
        onLine: (stream, line) => {
          if (stream !== 'stdout') return;
          const update = parser.line(line);
          if (!update) return;
          // Raw progress arrives 4×/s per file; the UI needs no more than that.
          const now = performance.now();
          if (update.bytes && update.detail === lastDetail && now - lastEmit < 200 && update.bytes.done !== update.bytes.total) return;
          lastEmit = now;
          lastDetail = update.detail;
          ctx.progress(update.fraction, update.detail, update.bytes);
        },
        quiet: false,
      });
    } finally {
      // Whatever pip managed to install before failing or being cancelled is journalled, so rollback can remove it.
      const after = await installedDists(ctx, python).catch(() => null);
      if (after) {
        const added = [...after.keys()].filter((name) => !before.has(name));
        const upgraded = [...after.entries()]
          .filter(([name, version]) => before.has(name) && before.get(name) !== version)
          .map(([name, version]) => ({ name, from: before.get(name)!, to: version }));
        if (added.length) ctx.record({ type: 'packages-installed', manager: 'pip', packages: added, python: path.join(envPath, 'bin', 'python') });
        if (upgraded.length) ctx.record({ type: 'packages-upgraded', manager: 'pip', packages: upgraded, python: path.join(envPath, 'bin', 'python') });
      }
    }
    ctx.progress(1, ctx.say('framework.installed'));
    const packages = sayList(ctx.say, params.packages);
    const downloaded = fetchedByUs ?? parser.bytesDownloaded;
    return {
      message: downloaded
        ? ctx.say('framework.resultDownloaded', { packages, megabytes: (downloaded / 1e6).toFixed(1) })
        : ctx.say('framework.result', { packages }),
    };
  },
  describe(params, say = installText(), plan?: StepContext['plan']): PlannedCommand[] {
    const envPath = params.envPath || '<python-env path>';
    const pins = plan ? pinnedRequirements(plan) : null;
    const pinnedFile = pins ? pinnedFilePath(envPath) : undefined;
    const pip: PlannedCommand = { argv: pipInstallArgv(path.join(envPath, 'bin', 'python'), params, true, pinnedFile), elevated: false, note: say('framework.noteOldPip') };
    if (pins) return [{ argv: [], elevated: false, note: say('framework.notePinned', { count: pins.length, file: pinnedFile! }) }, pip];
    // The proxy is in pip's environment, not its argv: said as a note, without its user name and password.
    return params.proxy ? [pip, { argv: [], elevated: false, note: say('framework.noteProxy', { proxy: withoutUserinfo(params.proxy) }) }] : [pip];
  },
};

/** Lets describe() find the env path without a context (dry run). */
export function frameworkEnvPathFromPlan(plan: StepContext['plan']): string | undefined {
  return planEnvPath(null, plan);
}
