import { cudaErrorTableSchema, type CudaErrorTable } from '../../shared/data/cudaErrorsSchema.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { regexLiteral } from './regexLiteral.js';

/**
 * From 100 up a number means the same error in the runtime and the driver API, in every release (the runtime took the
 * driver API's numbers in CUDA 10.1, and its own had stayed below 100): a bare "error code : 802" can be read.
 */
const NUMBERED_ALIKE = 100;

/** The forms tools print a bare number in, each with a literal of its own (a log full of "cuda" must stay fast). */
function numberForms(number: number): string[] {
  return [
    `\\bCUDA error:? {0,2}${number}\\b`,
    `\\binit(?:iali[sz]ation)? failure:? ${number}\\b`,
    `Return value ${number} from '?cuda`,
    `\\berror code ?: ?${number}, Please see detail`,
  ];
}

/** A sentence that says what it is on its own ("no kernel image is available…"); "unknown error" needs CUDA beside it. */
function saysItself(sentence: string): boolean {
  return sentence.split(' ').length >= 4 || /\b(?:CUDA|PTX)\b/.test(sentence);
}

/**
 * The patterns a family's CUDA errors raise it by, in each form tools print one: the runtime's name (cupy's
 * cudaErrorNoDevice), the driver API's (numba's and JAX's CUDA_ERROR_NO_DEVICE), and the sentence (PyTorch's "CUDA
 * error: …", Caffe's "(100 vs. 0) …", darknet's "CUDA Error: …") and, from 100 up, the number after a CUDA call
 * (Ollama's "cuda driver library init failure: 802"). Throws on a name the table does not have.
 */
export function cudaErrorPatterns(names: readonly string[], table: CudaErrorTable = loadDataTable('cuda-errors', cudaErrorTableSchema)): string[] {
  return names.flatMap((name) => {
    const error = table.errors.find((row) => row.runtime === name);
    if (!error) throw new Error(`errors.json: ${name} is not a CUDA runtime error in data/cuda-errors.json`);
    const sentence = regexLiteral(error.text.replace(/\.$/, ''));
    return [
      `${regexLiteral(error.runtime)}\\b`,
      ...(error.driver ? [`${regexLiteral(error.driver)}\\b`] : []),
      saysItself(error.text) ? sentence : `(?:cuda|vs\\. 0\\))[^\\n]{0,40}?\\b${sentence}`,
      ...(error.number >= NUMBERED_ALIKE ? numberForms(error.number) : []),
    ];
  });
}
