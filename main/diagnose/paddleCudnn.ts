import { evidenceAt } from './evidenceLine.js';
import type { StructuralMatch } from './structuralMatches.js';

/** Paddle's start-up note of the cuDNN it loaded ("device: 0, cuDNN Version: 5.1."). */
const LOADED = /\bdevice: \d{1,2}, cuDNN Version: (\d{1,2})\.(\d{1,2})\b/i;
/** The cuDNN Paddle was built with, as paddle.version.show() prints it ("cudnn: 8.2.1"). */
const COMPILED = /^\s{0,8}cudnn: (\d{1,2})\.(\d{1,2})(?:\.\d{1,3})?\s*$/im;

/**
 * Paddle prints both cuDNNs without comparing them when neither its own warning nor an error says so: a major version
 * apart, the one loaded is not the one the build needs.
 */
export function paddleCudnnMismatch(text: string, lines: readonly string[]): StructuralMatch | null {
  const index = lines.findIndex((line) => LOADED.test(line));
  if (index === -1) return null;
  const loaded = LOADED.exec(lines[index] as string) as RegExpExecArray;
  const compiled = COMPILED.exec(text);
  if (!compiled || compiled[1] === loaded[1]) return null;
  return { code: 'CUDNN_VERSION_MISMATCH', evidence: evidenceAt(lines, index), values: { loadedCudnn: `${loaded[1]}.${loaded[2]}`, compiledCudnn: `${compiled[1]}.${compiled[2]}` } };
}
