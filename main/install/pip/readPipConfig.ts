import type { StepContext } from '../installStep.js';
import { pipConfigFromFiles } from '../../index/pipConfigFiles.js';
import { parsePipConfigList } from './pipConfigList.js';
import { pipIndexConfig, type PipIndexConfig } from '../../index/pipIndexConfig.js';

export interface PipConfigReading {
  config: PipIndexConfig;
  /** pip: the environment's own `pip config list`; files: read by DL Setup because that pip has no `config` command. */
  from: 'pip' | 'files';
}

/**
 * The index settings the environment's pip will use: asked of that pip (its own files, its site config, PIP_*
 * variables, its own precedence); read from pip's files in pip's documented order when it cannot say (pip < 10).
 */
export async function readPipConfig(ctx: Pick<StepContext, 'run'>, python: string, envPath: string, env: NodeJS.ProcessEnv = process.env): Promise<PipConfigReading> {
  const listed = await ctx.run([python, '-m', 'pip', 'config', 'list'], { quiet: true, allowFailure: true, env: { PIP_NO_INPUT: '1' } }).catch((error: unknown) => {
    // A cancelled run stays cancelled; a pip that cannot start at all leaves the files to read.
    if ((error as { code?: string }).code === 'CANCELLED') throw error;
    return null;
  });
  if (listed?.exitCode === 0) return { config: pipIndexConfig(parsePipConfigList(listed.stdout)), from: 'pip' };
  return { config: pipIndexConfig(await pipConfigFromFiles(envPath, env)), from: 'files' };
}
