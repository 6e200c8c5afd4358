import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The Electron binary's path, or the reason the Electron lane cannot run on this machine. */
export function electronBinary(): { path: string } | { skip: string } {
  try {
    const binary = createRequire(import.meta.url)('electron') as unknown;
    if (typeof binary === 'string' && existsSync(binary)) return { path: binary };
    return { skip: 'the Electron binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD or a blocked download)' };
  } catch (error) {
    return { skip: `the Electron binary is not installed (${(error as Error).message.split('\n')[0]})` };
  }
}
