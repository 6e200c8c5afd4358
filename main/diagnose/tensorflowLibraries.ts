import type { DiagnoseFacts } from '../../shared/types/diagnose.js';
import { cudaMajorFromSoname } from './detailValues.js';
import type { StructuralMatch } from './structuralMatches.js';

/** TensorFlow's loader sentence for a library it could not open (TF 1.x said dlopen), as quoted in a text (retyped in lower case too). */
const LOADER_QUOTED = /Could not (?:load dynamic|dlopen) library '([\w.+-]{1,80})'/i;
/** The same sentence on the loader's own log line (stream_executor before 2.12, tsl after), in any text. */
const LOADER_MISS = new RegExp(`dso_loader\\.cc:\\d{1,5}\\] ${LOADER_QUOTED.source}`);
/** TensorRT's libraries are optional (TENSORRT_OPTIONAL_MISSING): they say nothing of TensorFlow's CUDA set. */
const TENSORRT = /^lib(?:nvinfer|nvonnxparser|nvparsers)/;
const CUDNN = /^(?:lib)?cudnn/;
/** A framework other than TensorFlow named anywhere ("import torch", "jaxlib"): the quoted sentence may then be its copy of the loader. */
const OTHER_FRAMEWORK = /\b(?:torch|pytorch|jax|jaxlib|paddle|paddlepaddle|onnxruntime|mxnet|cupy)\b/i;

/**
 * TensorFlow's own loader missing a library of its CUDA set: TensorFlow carries on without the GPU, and the fix is
 * TensorFlow's (the CUDA its release was built for, or tensorflow[and-cuda]), so the family is TensorFlow's, with the
 * libraries named. cuDNN alone missing stays cuDNN's family (CUDNN_LIB_MISSING), whose fix is cuDNN's.
 */
export function tensorflowLibrariesMissing(lines: readonly string[], facts: DiagnoseFacts = {}): StructuralMatch | null {
  const missing = new Map<string, { index: number; soname: string }>();
  // The quoted sentence is TensorFlow's own wording: read alone, it is TensorFlow's unless the text names another framework
  // (all 21 development texts that quote it are this family, one of them naming no framework).
  const tensorflows = facts.framework ? facts.framework.name === 'tensorflow' : !lines.some((line) => OTHER_FRAMEWORK.test(line));
  const loader = tensorflows ? LOADER_QUOTED : LOADER_MISS;
  lines.forEach((line, index) => {
    const library = loader.exec(line)?.[1];
    // jaxlib carries the same loader under external/org_tensorflow: its missing library is JAX's, not TensorFlow's.
    if (!library || TENSORRT.test(library) || line.includes('external/org_tensorflow')) return;
    const name = library.replace(/(?:\.so)?[.\d_]*(?:\.dll)?$/, '').replace(/64$/, '');
    if (!missing.has(name)) missing.set(name, { index, soname: library });
  });
  if (missing.size === 0 || [...missing.keys()].every((name) => CUDNN.test(name))) return null;
  const found = [...missing.values()];
  const first = Math.min(...found.map((entry) => entry.index));
  const cuda = found.find((entry) => !CUDNN.test(entry.soname)) as { soname: string };
  const cudaMajor = cudaMajorFromSoname(cuda.soname);
  return {
    code: 'TF_CUDA_LIBS_NOT_FOUND',
    evidence: { line: first + 1, text: (lines[first] as string).trim().slice(0, 300) },
    values: {
      libraries: found.map((entry) => entry.soname).join(', '),
      // The first CUDA library names the toolkit folder of this machine that has it (machineValues' libraryValues).
      soname: cuda.soname,
      ...(cudaMajor ? { cudaMajor } : {}),
      ...(found.some((entry) => entry.soname.endsWith('.dll')) ? { windowsDll: 'yes' } : {}),
    },
    outranks: ['CUDA_LIB_MISSING', 'CUDNN_LIB_MISSING'],
  };
}
