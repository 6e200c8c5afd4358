import type { DiagnoseFacts } from '../../shared/types/diagnose.js';
import { evidenceAt, evidenceLine, type Evidence } from './evidenceLine.js';
import type { StructuralMatch } from './structuralMatches.js';

/** XLA's cuDNN check (jaxlib's bundled stream executor) with both versions, and JAX's own. */
const CUDNN_VERSIONS = [
  /Loaded runtime CuDNN library: (?<loadedCudnn>\d{1,2}\.\d{1,2}\.\d{1,3}|\d{4,6})(?: \(compatibility version \d{4,6}\))? but (?:the )?source was compiled with:? (?<compiledCudnn>\d{1,2}\.\d{1,2}\.\d{1,3}|\d{4,6})/i,
  /Found cuDNN version (?<loadedCudnn>\d{4,6}), but JAX was built against version (?<compiledCudnn>\d{4,6})/i,
];
/** JAX's check that names no numbers on its line ("Outdated cuDNN installation found", then its own lines). */
const CUDNN_OUTDATED = /Outdated cuDNN installation found|DNN library (?:is not found|initialization failed)/i;
const BUILT_AGAINST = /Version JAX was built against: (\d{4,6})/i;
const INSTALLED = /Installed version: (\d{4,6})/i;

/**
 * A cuDNN that does not fit, in a JAX text: JAX's family, whose fix is JAX's (the jax[cuda12] wheels bring the cuDNN
 * jaxlib was built against), with both versions kept; the same lines from PyTorch or TensorFlow stay cuDNN's family.
 */
export function jaxCudnnMismatch(text: string, lines: readonly string[], facts: DiagnoseFacts): StructuralMatch | null {
  if (facts.framework?.name !== 'jax') return null;
  for (const pattern of CUDNN_VERSIONS) {
    // The versions are read from the whole line: the quoted evidence stops at 300 characters.
    const index = lines.findIndex((line) => pattern.test(line));
    const groups = index === -1 ? undefined : pattern.exec(lines[index] as string)?.groups;
    if (groups) return jaxMatch(evidenceAt(lines, index), { loadedCudnn: groups.loadedCudnn as string, compiledCudnn: groups.compiledCudnn as string });
  }
  const outdated = evidenceLine(lines, CUDNN_OUTDATED);
  if (!outdated) return null;
  const built = BUILT_AGAINST.exec(text)?.[1];
  const installed = INSTALLED.exec(text)?.[1];
  return jaxMatch(outdated, built && installed ? { loadedCudnn: installed, compiledCudnn: built } : {});
}

function jaxMatch(evidence: Evidence, values: Record<string, string>): StructuralMatch {
  return { code: 'JAX_CUDA_BACKEND_FAILED', evidence, values, outranks: ['CUDNN_VERSION_MISMATCH', 'CUDNN_LIB_MISSING', 'CUDNN_INIT_FAILED'] };
}
