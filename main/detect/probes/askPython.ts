import path from 'node:path';
import type { CommandResult } from '../../system/runCommand.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { rememberedRun, runTool, warnUnreadable } from '../runTool.js';

/** Asking an interpreter for its version and site dirs (one process), and what it answered before, checked as data. */

// One process per interpreter, importing nothing heavy; valid Python 2.7 and 3.x.
const SITE_SCRIPT = [
  'import sys, json, site',
  'paths = []',
  'try:\n import sysconfig\n paths += [sysconfig.get_paths().get(k) for k in ("purelib", "platlib")]\nexcept Exception:\n pass',
  'try:\n paths = list(site.getsitepackages()) + paths\nexcept Exception:\n pass',
  'try:\n paths.append(site.getusersitepackages())\nexcept Exception:\n pass',
  // venv needs ensurepip too, which Debian and Ubuntu ship apart (pythonX.Y-venv).
  'try:\n import ensurepip, venv\n can_venv = True\nexcept Exception:\n can_venv = False',
  'print(json.dumps({"version": "%d.%d.%d" % tuple(sys.version_info[:3]), "prefix": sys.prefix, "site": [p for p in paths if p], "venv": can_venv}))',
].join('\n');

export type SiteAnswer = { version: string; site: string[]; venv?: boolean };

/** The one question asked of an interpreter, and what its answer depends on (for the probe run cache). */
function siteQuery(executable: string): { argv: string[]; dependencies: { files: string[]; envNames: string[] } } {
  // -E: the answer depends on the interpreter, a venv's pyvenv.cfg and HOME (the user site dir), nothing else.
  return { argv: [executable, '-E', '-c', SITE_SCRIPT], dependencies: { files: [executable, path.join(path.dirname(path.dirname(executable)), 'pyvenv.cfg')], envNames: ['HOME'] } };
}

/** SITE_SCRIPT's last line, checked: "X.Y.Z" and at most 32 absolute site dirs; anything else is no answer. */
function parseSiteAnswer(stdout: string): SiteAnswer | null {
  let parsed: { version?: unknown; site?: unknown; venv?: unknown };
  try {
    parsed = JSON.parse(stdout.trim().split(/\r?\n/).pop() ?? '') as typeof parsed;
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null || typeof parsed.version !== 'string' || !/^\d{1,2}\.\d{1,3}\.\d{1,4}$/.test(parsed.version)) return null;
  const site = (Array.isArray(parsed.site) ? parsed.site : []).filter((entry): entry is string => typeof entry === 'string' && entry.length <= 4096 && path.isAbsolute(entry)).slice(0, 32);
  return { version: parsed.version, site, ...(typeof parsed.venv === 'boolean' ? { venv: parsed.venv } : {}) };
}

/**
 * Asks the interpreter itself (one process): version and every site dir, whatever the layout. Only for the system's
 * Python during detection, or an environment's when the user asked for it (`verify --all --run`, the wizard's button).
 */
export async function askPython(context: ProbeContext, executable: string, label: string): Promise<SiteAnswer | null> {
  const purpose = detectText(context.locale)('purpose.python', { path: label });
  const { argv, dependencies } = siteQuery(executable);
  const outcome = await runTool(context, argv, purpose, dependencies);
  if (!outcome.ok) return null;
  const answer = parseSiteAnswer(outcome.result.stdout);
  if (!answer) warnUnreadable(context, [label], outcome.result, purpose);
  return answer;
}

/** What the interpreter answered in a run the user asked for, while its files are unchanged: no process is started. */
export async function rememberedPython(context: ProbeContext, executable: string): Promise<SiteAnswer | null> {
  const { argv, dependencies } = siteQuery(executable);
  const remembered: CommandResult | null = await rememberedRun(context, argv, dependencies);
  return remembered ? parseSiteAnswer(remembered.stdout) : null;
}
