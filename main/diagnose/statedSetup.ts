import { compareMajorMinor } from '../../shared/versions/dottedVersion.js';
import { cudaOfDriver } from './cudaOfDriver.js';
import { evidenceLine } from './evidenceLine.js';
import type { StructuralMatch } from './structuralMatches.js';

/** The user says the GPUs are in exclusive(-process) compute mode. */
const EXCLUSIVE_SAID = /\b(?:compute[- ])?exclusive(?:[- ]process)?(?: compute)? mode\b|\bEXCLUSIVE_PROCESS\b|["'`]E\. ?Process["'`]/i;
/** What CUDA answers a second process on such a GPU: busy, unavailable, or (driver API) an invalid device; Kaldi waits for one. */
const REFUSED = /CUDA_ERROR_INVALID_DEVICE|cudaErrorInvalidDevice|invalid device ordinal|busy or unavailable|cudaErrorDevicesUnavailable|CUDA_ERROR_DEVICE_UNAVAILABLE|try again to get a GPU/i;

/** A GPU refused where the text says the GPUs are in exclusive mode: the mode is the cause, not the device number. */
export function exclusiveModeSaid(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!EXCLUSIVE_SAID.test(text)) return null;
  const refused = evidenceLine(lines, REFUSED);
  return refused ? { code: 'GPU_BUSY_EXCLUSIVE', evidence: refused, values: {}, outranks: ['INVALID_DEVICE_ORDINAL', 'CUDA_NOT_AVAILABLE'] } : null;
}

const XLA_TEXT = /\bjax(?:lib)?\b|\bXLA\b/i;
const NO_KERNEL_IMAGE = /no kernel image is available for execution on the device/i;
const DRIVER_STATED = /\bdriver(?: version)?:? {0,3}(?:is |of )?(\d{3})(?:\.\d{1,3}){0,2}\b/i;
const CUDA_STATED = /\bcuda[- ]?(?:toolkit[- ])?(?:version:? )?(1\d\.\d)(?:\.\d{1,3})?\b/gi;

/**
 * JAX/XLA's "no kernel image" where the text states a driver and a CUDA newer than that driver runs: XLA compiled with
 * the newer CUDA's ptxas for a driver that cannot load it (data/cuda-toolkits.json's minimum drivers decide).
 */
export function xlaDriverOlderThanStatedCuda(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!XLA_TEXT.test(text)) return null;
  const failure = evidenceLine(lines, NO_KERNEL_IMAGE);
  const driver = DRIVER_STATED.exec(text)?.[1];
  if (!failure || !driver) return null;
  // A branch said alone ("driver version 470") runs what its newest release runs: CUDA 11.4 for 470.
  const driverCuda = cudaOfDriver(`${driver}.999`);
  if (!driverCuda) return null;
  const newer = [...text.matchAll(CUDA_STATED)].map((match) => match[1] as string).find((cuda) => compareMajorMinor(cuda, driverCuda) > 0);
  return newer ? { code: 'XLA_DRIVER_OLDER_THAN_PTXAS', evidence: failure, values: { driverCuda, ptxasVersion: newer }, outranks: ['NO_KERNEL_IMAGE'] } : null;
}
