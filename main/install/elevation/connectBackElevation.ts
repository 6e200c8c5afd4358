import type net from 'node:net';
import type { Locale } from '../../../shared/i18n/localize.js';
import { installText } from '../../system/installText.js';
import { connectBackArgs, listenForHelper } from './connectBack.js';
import { helperCommand } from './helperCommand.js';
import { channelOverStream, type ElevationChannel } from './jsonLineChannel.js';

/** Starts `helper` (argv) elevated, resolving once it was started; for 'uac', through the Windows consent prompt. */
export type HelperLauncher = (helper: string[]) => Promise<void>;

/** How long a started helper has to connect back before the install gives up. */
export const CONNECT_BACK_TIMEOUT_MS = 60_000;

/** Waits for the started helper's authenticated connection, or fails after `timeoutMs`. */
async function acceptWithin(accepted: Promise<net.Socket>, timeoutMs: number, locale?: Locale): Promise<net.Socket> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(installText(locale).error('ELEVATION_DENIED', 'elevation.noConnectBack', { seconds: Math.round(timeoutMs / 1000) })), timeoutMs);
  });
  try {
    return await Promise.race([accepted, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The connect-back transport ('uac'): listen on a loopback port with a one-time token, let `launch` start the helper
 * with that address and token, wait for it to connect and authenticate, then speak the same JSON lines over the socket.
 */
export async function startConnectBackElevation(runId: string, launch: HelperLauncher, options: { entry?: string; connectTimeoutMs?: number; locale?: Locale } = {}): Promise<ElevationChannel> {
  const { locale } = options;
  const listener = await listenForHelper();
  let socket: net.Socket;
  try {
    await launch([...helperCommand(options.entry), ...connectBackArgs(listener.port, listener.token)]);
    socket = await acceptWithin(listener.accepted, options.connectTimeoutMs ?? CONNECT_BACK_TIMEOUT_MS, locale);
  } finally {
    listener.close();
  }
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const channel = channelOverStream('uac', { lines: socket, write: (line) => socket.write(line), end: () => socket.end(), force: () => socket.destroy(), closed }, locale);
  socket.on('error', () => undefined);
  socket.once('close', () => channel.gone(() => channel.say.error('ELEVATION_DENIED', 'elevation.closedBeforeReady')));
  socket.resume();
  await channel.start(runId);
  return channel;
}
