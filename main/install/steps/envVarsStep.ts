import os from 'node:os';
import path from 'node:path';
import { readHostFile } from '../../system/sysroot.js';
import { writeHostFileWithBackup } from '../hostFileWriter.js';
import type { InstallStep, PlannedCommand, StepContext } from '../installStep.js';
import { hasMarkedBlock, upsertMarkedBlock } from '../markedBlock.js';
import { ParamReader, checkPathUnder } from '../stepParams.js';

export const PROFILE_SCRIPT = '/etc/profile.d/dlsetup-cuda.sh';
export const LD_CONF = '/etc/ld.so.conf.d/dlsetup-cuda.conf';
export const CUDA_ROOTS = ['/usr/local', '/opt'] as const;
const BLOCK = 'cuda';

export interface EnvVarsParams {
  scope: 'system' | 'user';
  cudaHome: string;
  libraryPaths: string[];
  /** user scope: the shell rc that gets the block (inside the home directory). */
  shellRc: string;
}

/** The user's rc file: ~/.zshrc for zsh users, ~/.bashrc otherwise. */
export function defaultShellRc(home = os.homedir(), shell = process.env.SHELL ?? ''): string {
  return path.join(home, shell.endsWith('zsh') ? '.zshrc' : '.bashrc');
}

export function envBlockBody(params: EnvVarsParams): string {
  const lines = [
    `export CUDA_HOME=${params.cudaHome}`,
    // Guarded so re-sourcing the file does not grow PATH.
    'case ":$PATH:" in *":$CUDA_HOME/bin:"*) ;; *) export PATH="$CUDA_HOME/bin${PATH:+:$PATH}" ;; esac',
  ];
  if (params.scope === 'user') {
    for (const dir of [`${params.cudaHome}/lib64`, ...params.libraryPaths]) {
      lines.push(`case ":$LD_LIBRARY_PATH:" in *":${dir}:"*) ;; *) export LD_LIBRARY_PATH="${dir}\${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}" ;; esac`);
    }
  }
  return lines.join('\n');
}

/** System libraries go through ld.so.conf.d rather than LD_LIBRARY_PATH (which sudo drops). */
export function ldConfContent(params: EnvVarsParams): string {
  return `# Managed by DL Setup; \`dlsetup rollback\` removes it.\n${[`${params.cudaHome}/lib64`, ...params.libraryPaths].join('\n')}\n`;
}

function targetFile(params: EnvVarsParams): string {
  return params.scope === 'system' ? PROFILE_SCRIPT : params.shellRc;
}

export const envVarsStep: InstallStep<EnvVarsParams> = {
  kind: 'env-vars',
  weight: 1,
  elevated: (params) => params.scope === 'system',
  parse(raw) {
    const reader = new ParamReader('env-vars', raw);
    const scope = reader.oneOf('scope', ['system', 'user'] as const, 'user');
    const home = os.homedir();
    const shellRc = reader.optionalString('shellRc');
    return {
      scope,
      cudaHome: reader.path('cudaHome', CUDA_ROOTS),
      libraryPaths: reader.stringList('libraryPaths', /^\/[A-Za-z0-9._/+-]+$/).map((dir) => checkPathUnder('env-vars', 'libraryPaths', dir, CUDA_ROOTS)),
      shellRc: shellRc ? checkPathUnder('env-vars', 'shellRc', shellRc.replace(/^~(?=\/)/, home), [home]) : defaultShellRc(home),
    };
  },
  async check(params) {
    const text = (await readHostFile(targetFile(params))) ?? '';
    const blockOk = hasMarkedBlock(text, BLOCK, envBlockBody(params));
    const confOk = params.scope === 'user' || (await readHostFile(LD_CONF)) === ldConfContent(params);
    return blockOk && confOk
      ? { satisfied: true, message: `${targetFile(params)} already sets CUDA_HOME=${params.cudaHome}.` }
      : { satisfied: false, message: '' };
  },
  async run(params, ctx: StepContext) {
    const file = targetFile(params);
    const before = (await readHostFile(file)) ?? '';
    ctx.progress(0.2, `Writing ${file}`);
    await writeHostFileWithBackup(ctx, file, upsertMarkedBlock(before, BLOCK, envBlockBody(params)), 0o644);
    if (params.scope === 'system') {
      ctx.progress(0.6, `Registering CUDA libraries in ${LD_CONF}`);
      if (await writeHostFileWithBackup(ctx, LD_CONF, ldConfContent(params), 0o644)) {
        ctx.record({ type: 'needs-ldconfig' });
        await ctx.run(['ldconfig']);
      }
    }
    ctx.progress(1, 'Environment set');
    return { message: `New shells get CUDA_HOME=${params.cudaHome}; open a new terminal (or run: source ${file}).` };
  },
  describe(params): PlannedCommand[] {
    const elevated = params.scope === 'system';
    const commands: PlannedCommand[] = [{ argv: [], elevated, note: `write a marked "dlsetup cuda" block into ${targetFile(params)} (backup kept)` }];
    if (elevated) {
      commands.push({ argv: [], elevated, note: `write ${LD_CONF} (${params.cudaHome}/lib64${params.libraryPaths.map((p) => `, ${p}`).join('')})` });
      commands.push({ argv: ['ldconfig'], elevated });
    }
    return commands;
  },
};
