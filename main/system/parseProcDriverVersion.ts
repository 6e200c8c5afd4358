export interface ProcDriverVersion {
  version: string;
  kernelModule: 'open' | 'proprietary';
  arch?: string;
  gccVersion?: string;
}

/** Parses /proc/driver/nvidia/version (proprietary and open module, any locale's build date). */
export function parseProcDriverVersion(text: string): ProcDriverVersion | null {
  if (typeof text !== 'string') return null;
  const match = /NVRM version:\s*NVIDIA UNIX\s+(?:(?!Open\b)(\S+)\s+)?(Open\s+)?Kernel Module(?:\s+for\s+(\S+))?\s+(\d+\.\d+(?:\.\d+)?)/.exec(text);
  if (!match) return null;
  const result: ProcDriverVersion = { version: match[4] as string, kernelModule: match[2] ? 'open' : 'proprietary' };
  const arch = match[3] ?? match[1];
  if (arch) result.arch = arch;
  const gcc = /GCC version:\s*gcc version (\S+)/.exec(text)?.[1];
  if (gcc) result.gccVersion = gcc;
  return result;
}
