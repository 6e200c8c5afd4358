import { createHash } from 'node:crypto';
import type { VerifyReport } from '../../shared/types/verify.js';

export interface FingerprintInput {
  gpus: string[];
  driver: string | null;
  framework: VerifyReport['framework'];
  python: string | null;
  toolkit: string | null;
}

/** What identifies "this machine in this state": a change here is what a re-verify is about. */
export function machineFingerprint(input: FingerprintInput): Record<string, string | null> {
  const build = input.framework?.build ?? {};
  return {
    gpus: input.gpus.length > 0 ? input.gpus.join(', ') : null,
    driver: input.driver,
    framework: input.framework?.name ?? null,
    frameworkVersion: input.framework?.version ?? null,
    frameworkCuda: build.cuda ?? build.rocm ?? null,
    frameworkCudnn: build.cudnn ?? null,
    python: input.python,
    toolkit: input.toolkit,
  };
}

/** A short stable id of the fingerprint, used in report file names. */
export function fingerprintId(fingerprint: Record<string, string | null>): string {
  const canonical = JSON.stringify(Object.keys(fingerprint).sort().map((key) => [key, fingerprint[key] ?? null]));
  return createHash('sha256').update(canonical).digest('hex').slice(0, 8);
}
