/**
 * Entry of the elevated helper process (`pkexec node dist/main/install/elevation/elevatedHelper.js`).
 * stdin: typed step descriptors as JSON lines; stdout: JSON-line replies. Nothing else is accepted.
 * Started through Windows UAC it cannot inherit pipes: with --dlsetup-connect/--dlsetup-token it connects back to
 * the app's loopback port instead and speaks the same JSON lines there (connectBack.ts).
 */
import readline from 'node:readline';
import type { Readable } from 'node:stream';
import { connectToApp, parseConnectBackArgs } from './connectBack.js';
import { createHelperServer } from './helperServer.js';
import type { HelperReply } from './helperProtocol.js';
import { launchingUid } from './userDownload.js';

// The protocol owns stdout; a stray console.log from a library must not corrupt it.
const writeStdout = process.stdout.write.bind(process.stdout);
console.log = (...args: unknown[]) => console.error(...args);

/** Answers every descriptor line of `input` through `write`; exits once the app hung up and running steps ended. */
function serve(input: Readable, write: (text: string) => void, onHangUp: (sawLine: boolean) => void): () => void {
  const server = createHelperServer(
    (reply: HelperReply) => {
      write(`${JSON.stringify(reply)}\n`);
    },
    { downloadOwner: launchingUid() },
  );
  let sawLine = false;
  let closed = false;
  const lines = readline.createInterface({ input, crlfDelay: Infinity });
  lines.on('line', (line) => {
    sawLine = true;
    if (line.trim() === '') return;
    // Not awaited: a cancel must reach a running step.
    void server.handle(line);
  });
  lines.on('close', () => {
    closed = true;
    void server.idle().then(() => onHangUp(sawLine));
  });
  return () => {
    if (!closed) lines.close();
  };
}

let target: ReturnType<typeof parseConnectBackArgs>;
try {
  target = parseConnectBackArgs(process.argv);
} catch (error) {
  console.error(`dlsetup elevated helper: ${(error as Error).message}`);
  process.exit(2);
}

if (target) {
  try {
    const socket = await connectToApp(target);
    socket.on('error', (error) => console.error(`dlsetup elevated helper: ${error.message}`));
    const hangUp = serve(
      socket,
      (text) => {
        if (socket.writable) socket.write(text);
      },
      (sawLine) => {
        // The app drops a wrong token without a word: say so, and exit non-zero.
        if (!sawLine) console.error('dlsetup elevated helper: DL Setup closed the connection before sending anything (wrong token?).');
        process.exit(sawLine ? 0 : 1);
      },
    );
    socket.on('close', hangUp);
  } catch (error) {
    console.error(`dlsetup elevated helper: could not connect back to DL Setup: ${(error as Error).message}`);
    process.exit(1);
  }
} else {
  serve(process.stdin, writeStdout, () => process.exit(0));
}
