import { CHANNELS, type HandlerTable } from '../../shared/ipc/contract.js';

/**
 * Stand-in handlers that only write down which channel was called with what: tests of the contract's validation
 * (attack rows, fuzzing) reach the handler step without installing, detecting or downloading anything.
 */
export function recordingHandlers(): { handlers: HandlerTable; calls: { channel: string; arg: unknown }[] } {
  const calls: { channel: string; arg: unknown }[] = [];
  const handlers = Object.fromEntries(
    CHANNELS.map((channel) => [
      channel,
      async (arg: unknown) => {
        calls.push({ channel, arg });
        return null;
      },
    ]),
  ) as unknown as HandlerTable;
  return { handlers, calls };
}
