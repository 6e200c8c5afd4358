import { terminalSafe } from '../../shared/text/terminalSafe.js';
import type { CliIo } from './cliCommand.js';

/** The real process's streams: colour when stdout is a terminal and NO_COLOR is unset, a redrawn bar when stderr is one. */
export function processIo(): CliIo {
  return {
    out: (text) => void process.stdout.write(text),
    err: (text) => void process.stderr.write(text),
    color: Boolean(process.stdout.isTTY) && !process.env.NO_COLOR,
    // Carriage return and erase-line are the product's, written here beside the line, never found inside a text.
    redrawErr: process.stderr.isTTY ? (line) => void process.stderr.write(`\r\u001b[K${line}`) : undefined,
  };
}

/**
 * The one terminal-safe printer main() wraps around every CliIo: each text goes through terminalSafe, so control and
 * bidi characters from outside input arrive escaped; with colour on, terminalStyle's marks become its colour codes.
 */
export function terminalSafeIo(io: CliIo): CliIo {
  const redrawErr = io.redrawErr?.bind(io);
  return {
    out: (text) => io.out(terminalSafe(text, io.color)),
    err: (text) => io.err(terminalSafe(text, io.color)),
    color: io.color,
    redrawErr: redrawErr && ((line) => redrawErr(terminalSafe(line, io.color))),
  };
}
