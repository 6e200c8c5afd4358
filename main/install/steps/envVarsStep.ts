import os from 'node:os';
import path from 'node:path';
import { hostPathExists, readHostFile } from '../../system/sysroot.js';
import { ldSoConfLine } from '../../../shared/quote/ldSoConf.js';
import { shExport, shInsideDoubleQuotes } from '../../../shared/quote/sh.js';
import { writeHostFileWithBackup } from '../hostFileWriter.js';
import { assertOnlyRootCanChange } from '../elevation/rootPathTrust.js';
import type { InstallStep, PlannedCommand, StepContext } from '../installStep.js';
import { installText, sayList, type InstallSay } from '../../system/installText.js';
import { hasMarkedBlock, upsertMarkedBlock } from '../markedBlock.js';
import { ParamReader, checkPathUnder, type ParsedParams } from '../stepParams.js';

export const PROFILE_SCRIPT = '/etc/profile.d/dlsetup-cuda.sh';
export const LD_CONF = '/etc/ld.so.conf.d/dlsetup-cuda.conf';
export const CUDA_ROOTS = ['/usr/local', '/opt'] as const;
const BLOCK = 'cuda';

/**
 * The plan's env-vars params, settled (CUDA_HOME and libraryPathPrepend merged into cudaHome and libraryPaths). scope
 * system: /etc/profile.d; user: the shell rc (shellRc, inside the home directory); environment: the activation script
 * of the Python environment at envPath.
 */
export type EnvVarsParams = ParsedParams<'env-vars', 'scope' | 'cudaHome' | 'libraryPaths' | 'shellRc', 'envPath'>;

/** The user's rc file: ~/.zshrc for zsh users, ~/.bashrc otherwise. */
export function defaultShellRc(home = os.homedir(), shell = process.env.SHELL ?? ''): string {
  return path.join(home, shell.endsWith('zsh') ? '.zshrc' : '.bashrc');
}

export function envBlockBody(params: EnvVarsParams): string {
  const lines = [
    shExport('CUDA_HOME', params.cudaHome),
    // Guarded so re-sourcing the file does not grow PATH.
    'case ":$PATH:" in *":$CUDA_HOME/bin:"*) ;; *) export PATH="$CUDA_HOME/bin${PATH:+:$PATH}" ;; esac',
  ];
  if (params.scope !== 'system') {
    for (const dir of [`${params.cudaHome}/lib64`, ...params.libraryPaths]) {
      // Each folder is one export line's value first, so a line break in it is refused before it reaches the file.
      shExport('LD_LIBRARY_PATH', dir);
      const word = shInsideDoubleQuotes(dir);
      lines.push(`case ":$LD_LIBRARY_PATH:" in *":${word}:"*) ;; *) export LD_LIBRARY_PATH="${word}\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ;; esac`);
    }
  }
  return lines.join('\n');
}

/** System libraries go through ld.so.conf.d rather than LD_LIBRARY_PATH (which sudo drops). */
export function ldConfContent(params: EnvVarsParams): string {
  return `# Managed by DL Setup; \`dlsetup rollback\` removes it.\n${[`${params.cudaHome}/lib64`, ...params.libraryPaths].map(ldSoConfLine).join('\n')}\n`;
}

/** Every folder a system-scope step puts into root's profile (CUDA_HOME, PATH) and library path. */
export function systemFolders(params: EnvVarsParams): string[] {
  return [params.cudaHome, `${params.cudaHome}/bin`, `${params.cudaHome}/lib64`, ...params.libraryPaths];
}

/** venv: bin/activate; conda: an activate.d script, which conda sources on `conda activate`. */
async function targetFile(params: EnvVarsParams): Promise<string> {
  if (params.scope === 'system') return PROFILE_SCRIPT;
  if (params.scope === 'user') return params.shellRc;
  const env = params.envPath!;
  return (await hostPathExists(path.join(env, 'conda-meta'))) ? path.join(env, 'etc', 'conda', 'activate.d', 'dlsetup-cuda.sh') : path.join(env, 'bin', 'activate');
}

function describeTarget(params: EnvVarsParams, say: InstallSay): string {
  if (params.scope === 'system') return PROFILE_SCRIPT;
  if (params.scope === 'user') return params.shellRc;
  return say('envVars.targetEnvironment', { env: String(params.envPath) });
}

export const envVarsStep: InstallStep<EnvVarsParams> = {
  kind: 'env-vars',
  weight: 1,
  elevated: (params) => params.scope === 'system',
  parse(raw) {
    const reader = new ParamReader('env-vars', raw);
    const scope = reader.oneOf('scope', ['system', 'user', 'environment'] as const, 'user');
    const home = os.homedir();
    const shellRc = reader.optionalString('shellRc');
    // The plan names them CUDA_HOME / libraryPathPrepend; cudaHome / libraryPaths are accepted too.
    const cudaHome = reader.optionalPath('cudaHome', CUDA_ROOTS) ?? reader.path('CUDA_HOME', CUDA_ROOTS);
    const libraries = [...reader.stringList('libraryPaths', /^\/[A-Za-z0-9._/+-]+$/), ...reader.stringList('libraryPathPrepend', /^\/[A-Za-z0-9._/+-]+$/)]
      .map((dir) => checkPathUnder('env-vars', 'libraryPaths', dir, CUDA_ROOTS))
      .filter((dir, index, all) => dir !== `${cudaHome}/lib64` && all.indexOf(dir) === index);
    const envPath = reader.optionalString('envPath');
    if (scope === 'environment' && !envPath) reader.string('envPath');
    return {
      scope,
      cudaHome,
      libraryPaths: libraries,
      shellRc: shellRc ? checkPathUnder('env-vars', 'shellRc', shellRc.replace(/^~(?=\/)/, home), [home]) : defaultShellRc(home),
      ...(envPath ? { envPath: checkPathUnder('env-vars', 'envPath', envPath, ['/']) } : {}),
    };
  },
  async check(params, ctx) {
    const text = (await readHostFile(await targetFile(params))) ?? '';
    const blockOk = hasMarkedBlock(text, BLOCK, envBlockBody(params));
    const confOk = params.scope === 'user' || (await readHostFile(LD_CONF)) === ldConfContent(params);
    return blockOk && confOk
      ? { satisfied: true, message: ctx.say('envVars.alreadySet', { file: await targetFile(params), cudaHome: params.cudaHome }) }
      : { satisfied: false, message: '' };
  },
  async run(params, ctx: StepContext) {
    const file = await targetFile(params);
    // Root's PATH, profile and library path: checked in the helper, on disk, before anything is written.
    if (params.scope === 'system') await assertOnlyRootCanChange(ctx, systemFolders(params));
    if (params.scope === 'environment' && !(await hostPathExists(params.envPath!))) {
      throw ctx.say.error('NOT_FOUND', 'envVars.envMissing', { env: params.envPath! });
    }
    const before = (await readHostFile(file)) ?? '';
    ctx.progress(0.2, ctx.say('envVars.writing', { file }));
    await writeHostFileWithBackup(ctx, file, upsertMarkedBlock(before, BLOCK, envBlockBody(params)), 0o644);
    if (params.scope === 'system') {
      ctx.progress(0.6, ctx.say('envVars.registering', { file: LD_CONF }));
      if (await writeHostFileWithBackup(ctx, LD_CONF, ldConfContent(params), 0o644)) {
        ctx.record({ type: 'needs-ldconfig' });
        await ctx.run(['ldconfig']);
      }
    }
    ctx.progress(1, ctx.say('envVars.done'));
    return { message: ctx.say('envVars.result', { cudaHome: params.cudaHome, file }) };
  },
  describe(params, say = installText()): PlannedCommand[] {
    const elevated = params.scope === 'system';
    const commands: PlannedCommand[] = [{ argv: [], elevated, note: say('envVars.noteBlock', { target: describeTarget(params, say) }) }];
    if (elevated) {
      commands.push({ argv: [], elevated, note: say('envVars.noteLdConf', { file: LD_CONF, dirs: sayList(say, [`${params.cudaHome}/lib64`, ...params.libraryPaths]) }) });
      commands.push({ argv: ['ldconfig'], elevated });
    }
    return commands;
  },
};
