import type { StructuralMatch } from './structuralMatches.js';

/** TensorFlow's loader line for a library it could not open (stream_executor before 2.12, tsl after). */
const LOADER_MISS = /dso_loader\.cc:\d{1,5}\] Could not load dynamic library '([\w.+-]{1,80})'/;
/** TensorRT's libraries are optional (TENSORRT_OPTIONAL_MISSING): they say nothing of TensorFlow's CUDA set. */
const TENSORRT = /^lib(?:nvinfer|nvonnxparser|nvparsers)/;

/**
 * Two or more different libraries of TensorFlow's CUDA set missing: the set is not installed (or not the version the
 * release was built with), which is TensorFlow's family with TensorFlow's fix, not one library's. One missing library
 * stays that library's family, named.
 */
export function tensorflowLibrariesMissing(lines: readonly string[]): StructuralMatch | null {
  const missing = new Map<string, number>();
  lines.forEach((line, index) => {
    const library = LOADER_MISS.exec(line)?.[1];
    if (library && !TENSORRT.test(library)) missing.set(library.replace(/(?:\.so)?[.\d_]*(?:\.dll)?$/, '').replace(/64$/, ''), missing.get(library) ?? index);
  });
  if (missing.size < 2) return null;
  const first = Math.min(...missing.values());
  return {
    code: 'TF_CUDA_LIBS_NOT_FOUND',
    evidence: { line: first + 1, text: (lines[first] as string).trim().slice(0, 300) },
    values: { libraries: [...missing.keys()].join(', ') },
    outranks: ['CUDA_LIB_MISSING', 'CUDNN_LIB_MISSING'],
  };
}
