import path from 'node:path';
import { appLogDir, appVersion } from '../appPaths.js';
import { LogFile } from './logFile.js';

/** Which face of DL Setup wrote a line: the desktop app, `dlsetup serve`, or another CLI command. */
export type LogFace = 'app' | 'serve' | 'cli';

let current: { log: LogFile; source: string } | null = null;

/** The log file this process writes to, or would write to once started: what the CLI and the UI tell people to look at. */
export function appLogFile(): string {
  return current?.log.file ?? path.join(appLogDir(), 'dlsetup.log');
}

/** Starts this process's log in the log folder and records what started; tests that call the CLI again with another DLSETUP_HOME move it there. */
export function startAppLog(face: LogFace, what: string): string {
  const dir = appLogDir();
  if (current?.log.dir !== dir) current = { log: new LogFile({ dir }), source: `${face} ${process.pid}` };
  appLog(`${what} — DL Setup ${appVersion}, Node ${process.versions.node}${process.versions.electron ? `, Electron ${process.versions.electron}` : ''}, ${process.platform} ${process.arch}`);
  return current.log.file;
}

/** Writes one entry to this process's log; before startAppLog (tests, the elevated helper) it writes nothing. */
export function appLog(text: string): void {
  current?.log.write(current.source, text);
}

/** Stops logging (tests that start a log in a temporary folder). */
export function stopAppLog(): void {
  current = null;
}
