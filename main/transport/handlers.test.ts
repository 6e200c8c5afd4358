import { describe, expect, it } from 'vitest';
import { CHANNELS } from '../../shared/ipc/contract.js';
import { createHandlers } from './handlers.js';
import { createPreloadBridge } from '../electron/preloadBridge.js';
import { ProgressHub } from './progressHub.js';

describe('the contract at run time', () => {
  it('the handler table and the preload bridge serve exactly the contract channels', () => {
    const handlers = createHandlers({ transport: 'http', progress: new ProgressHub() });
    expect(Object.keys(handlers).sort()).toEqual([...CHANNELS].sort());
    const invoked: string[] = [];
    const bridge = createPreloadBridge({
      invoke: async (channel: string) => invoked.push(channel),
      on: () => undefined as never,
      removeListener: () => undefined as never,
    });
    expect(Object.keys(bridge).filter((key) => key !== 'onProgress').sort()).toEqual([...CHANNELS].sort());
  });

  it('app:info reports the package version and the transport', async () => {
    const handlers = createHandlers({ transport: 'electron', progress: new ProgressHub() });
    expect(await handlers['app:info']()).toMatchObject({ name: 'DL Setup', version: expect.stringMatching(/^\d+\.\d+\.\d+/), transport: 'electron' });
  });
});
