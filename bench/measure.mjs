// Shared measuring for `npm run bench`: wall time (median of runs) and peak RSS of a whole command.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const GNU_TIME = '/usr/bin/time';

/** Runs argv `runs` times; returns the median wall time in ms and the largest peak RSS in MiB (when GNU time exists). */
export function measureCommand(argv, { runs = 5, env = process.env, cwd } = {}) {
  const times = [];
  let peakRssMiB = null;
  for (let index = 0; index < runs; index++) {
    const useTime = existsSync(GNU_TIME);
    const command = useTime ? [GNU_TIME, '-f', '__RSS_KIB=%M', ...argv] : argv;
    const started = process.hrtime.bigint();
    const result = spawnSync(command[0], command.slice(1), { env, cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const elapsed = Number(process.hrtime.bigint() - started) / 1e6;
    if (result.error) throw result.error;
    if (result.status !== 0 && !useTime) throw new Error(`${argv.join(' ')} exited ${result.status}: ${result.stderr}`);
    times.push(elapsed);
    const rss = /__RSS_KIB=(\d+)/.exec(result.stderr ?? '');
    if (rss) peakRssMiB = Math.max(peakRssMiB ?? 0, Number(rss[1]) / 1024);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], peakRssMiB };
}

/** Times an async function: median over runs, in ms. */
export async function measureAsync(fn, runs = 5) {
  const times = [];
  for (let index = 0; index < runs; index++) {
    const started = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

/**
 * Ours and a peer measured side by side: each peer run sits between runs of ours, so a load spike on this shared
 * 2-core machine lands on both medians rather than on one of them. `ours` is a list of commands measured in turn; the
 * peer runs with `peerEnv` when given (ours without a part, e.g. a data table, on the same simulated host).
 */
export function measureSideBySide(oursList, peerArgv, { peerRuns = 3, oursPerPeer = 3, peerEnv = process.env } = {}) {
  const peerRunsDone = [];
  const oursRunsDone = oursList.map(() => []);
  for (let round = 0; round < peerRuns; round++) {
    for (let index = 0; index < oursList.length; index++) {
      for (let repeat = 0; repeat < oursPerPeer; repeat++) oursRunsDone[index].push(measureCommand(oursList[index].argv, { runs: 1, env: oursList[index].env }));
    }
    if (peerArgv) peerRunsDone.push(measureCommand(peerArgv, { runs: 1, env: peerEnv }));
  }
  const summarize = (runs) => {
    if (runs.length === 0) return { ms: null, peakRssMiB: null };
    const times = runs.map((run) => run.ms).sort((a, b) => a - b);
    const rss = runs.map((run) => run.peakRssMiB).filter((value) => value !== null);
    return { ms: times[Math.floor(times.length / 2)], peakRssMiB: rss.length ? Math.max(...rss) : null };
  };
  return { ours: oursRunsDone.map(summarize), peer: summarize(peerRunsDone) };
}
