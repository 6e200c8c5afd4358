/**
 * Entry of the elevated helper process (`pkexec node dist/main/install/elevation/elevatedHelper.js`).
 * stdin: typed step descriptors as JSON lines; stdout: JSON-line replies. Nothing else is accepted.
 */
import readline from 'node:readline';
import { createHelperServer } from './helperServer.js';
import type { HelperReply } from './helperProtocol.js';

// The protocol owns stdout; a stray console.log from a library must not corrupt it.
const writeReply = process.stdout.write.bind(process.stdout);
console.log = (...args: unknown[]) => console.error(...args);

const server = createHelperServer((reply: HelperReply) => {
  writeReply(`${JSON.stringify(reply)}\n`);
});

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (line.trim() === '') return;
  // Not awaited: a cancel must reach a running step.
  void server.handle(line);
});
lines.on('close', () => {
  void server.idle().then(() => process.exit(0));
});
