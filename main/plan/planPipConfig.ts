/*
 * The user's own pip configuration at plan time (issue 32): pip.conf files and PIP_* variables add or replace the
 * indexes an install reads, so the plan's files are checked on the same ones. Read from the files (pip's documented
 * order, through DLSETUP_SYSROOT): the plan's environment may not exist yet, so there is no pip to ask.
 */
import type { Plan } from '../../shared/types/plan.js';
import { pipConfigFromFiles } from '../index/pipConfigFiles.js';
import { pipIndexConfig, type PipIndexConfig } from '../index/pipIndexConfig.js';

/** The environment the plan installs into (its python-env or framework step), '' when it names none. */
function planEnvironment(plan: Plan): string {
  for (const step of plan.steps) {
    const value = step.kind === 'python-env' ? step.params.path : step.kind === 'framework' ? step.params.envPath : undefined;
    if (typeof value === 'string' && value) return value;
  }
  return '';
}

/** An index or find-links value pip could read: an http(s) URL; pip.conf values are the user's text, not ours. */
const isIndexUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export async function planPipConfig(plan: Plan, env: NodeJS.ProcessEnv = process.env): Promise<PipIndexConfig> {
  const config = pipIndexConfig(await pipConfigFromFiles(planEnvironment(plan), env));
  return {
    indexUrls: config.indexUrls.filter(isIndexUrl),
    extraIndexUrls: config.extraIndexUrls.filter(isIndexUrl),
    findLinks: config.findLinks.filter(isIndexUrl),
    noIndex: config.noIndex,
  };
}
