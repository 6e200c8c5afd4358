import { evidenceLine, type Evidence } from './evidenceLine.js';

/**
 * The two CUDA numbers told in words rather than pasted as tool output: "nvidia-smi shows cuda version 11.2" and
 * "nvcc --version … release 11.1, V11.1.74". Only a pair that differs is returned: that difference is what confuses.
 */
export interface CudaNumbers {
  cudaVersion: string;
  toolkitVersion: string;
  driverVersion?: string;
}

const DRIVER_CUDA = [
  /nvidia-smi[^\n]{0,80}?\bCUDA(?:[ _]Version)?:? {0,3}(\d{1,2}\.\d{1,2})\b/i,
  /\bCUDA(?:[ _]Version)?:? {0,3}(\d{1,2}\.\d{1,2})\b[^\n]{0,60}nvidia-smi/i,
  /^\|.{0,60}CUDA Version: {0,3}(\d{1,2}\.\d{1,2})/m,
  // "nvidia-smi still shows the version of toolkit be 12.2": a two-part number near nvidia-smi (a driver's has three digits first).
  /nvidia-smi\W{0,4}[^\n\d]{0,60}\b(?:shows?|showing|says?|reports?|displays?|gives?|is|be)\b[^\n\d]{0,40}(\d{1,2}\.\d{1,2})\b(?!\.\d)/i,
];
const TOOLKIT = [
  /Cuda compilation tools, release (\d{1,2}\.\d{1,2})/i,
  /\brelease (\d{1,2}\.\d{1,2}), V\d{1,2}\.\d/,
  /nvcc[^\n]{0,60}?\b(?:release|version|shows?|says?|is|gives?)\s{1,3}v?(\d{1,2}\.\d{1,2})\b/i,
  // The toolkit the user says they installed ("despite installing CUDA 11.2 from here").
  /\binstall(?:ed|ing)? (?:the )?CUDA(?: Toolkit)?(?: version)? {0,3}v?(\d{1,2}\.\d{1,2})\b/i,
];
const DRIVER = /\bdriver(?: version)?:? {0,3}(?:is |of )?(\d{3}\.\d{1,3}(?:\.\d{1,3})?)\b/i;

function first(text: string, patterns: readonly RegExp[]): string | undefined {
  for (const pattern of patterns) {
    const found = pattern.exec(text)?.[1];
    if (found) return found;
  }
  return undefined;
}

export function cudaNumbersInProse(text: string): CudaNumbers | null {
  const cudaVersion = first(text, DRIVER_CUDA);
  const toolkitVersion = cudaVersion ? first(text, TOOLKIT) : undefined;
  if (!cudaVersion || !toolkitVersion || cudaVersion === toolkitVersion) return null;
  const driverVersion = DRIVER.exec(text)?.[1];
  return { cudaVersion, toolkitVersion, ...(driverVersion ? { driverVersion } : {}) };
}

const COMPARED = /\b(?:the same|different|differ|mismatch|do not match|don['’]?t match|doesn['’]?t match|still (?:shows?|uses?|says|reports?|displays?))\b/i;

/** "nvcc --version and nvidia-smi should show the same version": the question itself, with or without the numbers. */
export function cudaNumbersCompared(lines: readonly string[]): Evidence | undefined {
  // The toolkit named by its compiler or by its package ("nvidia-smi and nvidia-cuda-toolkit are using different versions").
  return evidenceLine(lines, (line) => /\bnvcc\b|\bcuda[- ]toolkit\b/i.test(line) && /nvidia-smi/i.test(line) && COMPARED.test(line));
}
