import { isRemovablePackage } from '../../data/installSources.js';
import type { StepContext } from '../installStep.js';
import type { JournalChange } from '../journal/journalEntry.js';
import type { HelperSay } from './helperText.js';

type AptChange = Extract<JournalChange, { type: 'packages-installed' }>;

const APT_ENV = { DEBIAN_FRONTEND: 'noninteractive', LC_ALL: 'C' };
const bare = (name: string) => name.replace(/:.*$/, '');

/** The names apt marks as installed only to satisfy another package (`apt-mark showauto`). */
async function autoInstalled(ctx: StepContext): Promise<Set<string>> {
  const result = await ctx.run(['apt-mark', 'showauto'], { quiet: true, env: APT_ENV });
  return new Set(result.stdout.split('\n').map((line) => bare(line.trim())).filter(Boolean));
}

/** What `apt-get purge names` would take off the system, by apt's own simulation ("Purg x [1.0]", "Remv x [1.0]"). */
async function simulatedRemovals(ctx: StepContext, names: string[]): Promise<string[]> {
  const result = await ctx.run(['apt-get', '-s', 'purge', '--allow-change-held-packages', ...names], { quiet: true, env: APT_ENV });
  return [...result.stdout.matchAll(/^(?:Purg|Remv) (\S+)/gm)].map((match) => bare(match[1]!));
}

/**
 * Which of one recorded apt change the helper undoes (issue 19), from its own journal, data/ and apt only:
 * the driver, CUDA and cuDNN packages data/ knows, plus what apt pulled in with them (dkms, gcc, headers: marked
 * auto-installed), provided apt's simulation shows the purge takes nothing the step did not install itself.
 * `stepPackages` are all the packages the step recorded. Returns the change to undo (null: keep all) and notes.
 */
export async function planAptUndo(change: AptChange, stepPackages: Set<string>, ctx: StepContext, say: HelperSay): Promise<{ target: AptChange | null; notes: string[] }> {
  const known = change.packages.filter(isRemovablePackage);
  const auto = await autoInstalled(ctx);
  const pulledIn = change.packages.filter((name) => !isRemovablePackage(name) && auto.has(name));
  const manual = change.packages.filter((name) => !isRemovablePackage(name) && !auto.has(name));
  const notes = manual.length ? [say('helper.keptPackages', { packages: manual.join(' ') })] : [];
  const outsiders = async (names: string[]) => (names.length ? (await simulatedRemovals(ctx, names)).filter((name) => !stepPackages.has(name)) : []);
  const withChange = (names: string[]): AptChange | null => {
    if (!names.length) return null;
    const keepConfig = (change.keepConfig ?? []).filter((name) => names.includes(name));
    return { type: 'packages-installed', manager: 'apt', packages: names, ...(keepConfig.length ? { keepConfig } : {}) };
  };
  const all = [...known, ...pulledIn];
  const takenWithAll = await outsiders(all);
  if (!takenWithAll.length) return { target: withChange(all), notes };
  // Something installed later needs a package the run pulled in: keep those, and try the named packages alone.
  const takenWithKnown = await outsiders(known);
  if (!takenWithKnown.length) {
    notes.push(say('helper.keptNeeded', { packages: pulledIn.join(' '), others: takenWithAll.join(' ') }));
    return { target: withChange(known), notes };
  }
  notes.push(say('helper.keptNeeded', { packages: all.join(' '), others: takenWithKnown.join(' ') }));
  return { target: null, notes };
}
