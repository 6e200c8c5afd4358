#!/usr/bin/env node
// The `dlsetup` command: a thin launcher for the compiled CLI in dist/.
import { existsSync } from 'node:fs';
import { nodeTooOld, startLocale } from './nodeVersionCheck.mjs';

// Before anything newer is loaded: an old Node gets a sentence, not a syntax error from deep inside the CLI.
const tooOld = nodeTooOld(process.versions.node, startLocale(process.argv.slice(2), process.env));
if (tooOld) {
  process.stderr.write(`dlsetup: ${tooOld}\n`);
  process.exit(1);
}

const entry = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(entry)) {
  process.stderr.write('dlsetup: DL Setup is not built yet. Run `npm install` (or `npm run build`) in its folder first.\n');
  process.exit(1);
}
// `dlsetup detect --json | head` closes the pipe early: the reader chose to stop, which is not an error.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const { main, processIo } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2), processIo());
