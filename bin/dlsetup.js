#!/usr/bin/env node
// The `dlsetup` command: a thin launcher for the compiled CLI in dist/.
import { existsSync } from 'node:fs';

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
