/*
 * The user's own pip configuration at plan time (issue 32): pip.conf files and PIP_* variables add or replace the
 * indexes an install reads, so the plan's files are checked on the same ones. Read from the files (pip's documented
 * order, through DLSETUP_SYSROOT): the plan's environment may not exist yet, so there is no pip to ask.
 */
import { isSafeUrl } from '../../shared/schema/patterns.js';
import { withoutUserinfo } from '../../shared/text/urlUserinfo.js';
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

/** What of the user's pip configuration the check can ask, and whether it names sources it cannot. */
export interface PlanPipConfig {
  config: PipIndexConfig;
  /**
   * Addresses pip will read that DL Setup does not (plain http outside this computer, an address it cannot parse): a
   * check without them would claim more than it knows, so the plan stays on data/ and says why. A folder on this
   * computer (`find-links = /opt/wheels`, `file://…`) only adds files; the indexes are still checked.
   */
  unreadable: boolean;
}

/** The same rule as a plan file's URLs (https, or plain http on this computer), credentials aside: they are sent, never kept. */
const readable = (value: string) => isSafeUrl(withoutUserinfo(value));
/** A folder or file on this computer: a value with no scheme, or file:. */
const local = (value: string) => /^file:/i.test(value) || !/^[a-z][a-z0-9+.-]{0,31}:\/\//i.test(value);

export async function planPipConfig(plan: Plan, env: NodeJS.ProcessEnv = process.env): Promise<PlanPipConfig> {
  const config = pipIndexConfig(await pipConfigFromFiles(planEnvironment(plan), env));
  const sources = [...config.indexUrls, ...config.extraIndexUrls, ...config.findLinks];
  return {
    config: {
      indexUrls: config.indexUrls.filter(readable),
      extraIndexUrls: config.extraIndexUrls.filter(readable),
      findLinks: config.findLinks.filter(readable),
      noIndex: config.noIndex,
    },
    unreadable: !sources.every((source) => readable(source) || local(source)),
  };
}
