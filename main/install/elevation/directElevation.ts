import type { Locale } from '../../../shared/i18n/localize.js';
import { createHelperServer } from './helperServer.js';
import { JsonLineChannel, type ElevationChannel } from './jsonLineChannel.js';

/** DL Setup already runs as root (CI): no second process, but the very same JSON descriptors and validation. */
export function startDirectElevation(runId: string, locale?: Locale): Promise<ElevationChannel> {
  const holder: { channel?: JsonLineChannel } = {};
  const server = createHelperServer((reply) => queueMicrotask(() => holder.channel!.receive(JSON.stringify(reply))));
  const channel = new JsonLineChannel('direct', (line) => void server.handle(line.trim()), () => server.idle(), locale);
  holder.channel = channel;
  return channel.start(runId).then(() => channel);
}
