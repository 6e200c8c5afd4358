import { hostPathExists, readHostFile } from '../system/sysroot.js';
import { detectText } from './detectText.js';
import type { ProbeContext } from './probeContext.js';

/** Reads a host file; a file that is missing is normal (null), one that exists but cannot be read is a warning. */
export async function readProbeFile(context: ProbeContext, hostPath: string, purpose: string): Promise<string | null> {
  const text = await readHostFile(hostPath);
  if (text === null && (await hostPathExists(hostPath))) {
    context.warn(detectText(context.locale)('file.unreadable', { path: hostPath, purpose }));
  }
  return text;
}
