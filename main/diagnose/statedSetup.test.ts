// What the text states about the setup decides the family (issue 31, item 1; from set 8's second half once opened):
// the compute mode said in words, and a driver and CUDA version compared with data/cuda-toolkits.json.
import { describe, expect, it } from 'vitest';
import { diagnoseText } from './diagnoseText.js';

const first = (text: string) => diagnoseText(text).diagnoses[0];

describe('the setup a text states', () => {
  it('a GPU refused where the GPUs are said to be in exclusive mode is the mode, not the device number', () => {
    const refused = 'exception: Error initializing Context: CUDA_ERROR_INVALID_DEVICE (101) at CudaContext.cpp:167';
    expect(first(`${refused}\nThis occurs on any machine where the GPUs are in compute exclusive mode.`)?.code).toBe('GPU_BUSY_EXCLUSIVE');
    expect(first(refused)?.code).toBe('INVALID_DEVICE_ORDINAL');
  });

  it("JAX's no kernel image with driver 470 and CUDA 11.6: 470 runs CUDA 11.4 at most (data/), so the driver is older than ptxas", () => {
    const text = 'the latest jax do not support GPU with `cuda-11.6.2` and nvidia driver version 470.\n>>>RuntimeError: Unknown: no kernel image is available for execution on the device';
    expect(first(text)).toMatchObject({ code: 'XLA_DRIVER_OLDER_THAN_PTXAS', title: "The driver's CUDA 11.4 is older than JAX's ptxas 11.6" });
    // The same error with a CUDA that driver runs stays "no kernel image".
    expect(first(text.replace('cuda-11.6.2', 'cuda-11.4.2'))?.code).toBe('NO_KERNEL_IMAGE');
  });

  it('a traceback pasted indented as a whole, its exception indented too, is complete: the exception decides', () => {
    const text = [
      '      File "/opt/conda/lib/python3.11/site-packages/conda/resolve.py", line 418, in find_conflicts',
      '        raise UnsatisfiableError(bad_deps, strict=strict_channel_priority)',
      '    conda.exceptions.UnsatisfiableError: The following specifications were found to be incompatible with each other:',
    ].join('\n');
    expect(first(text)?.code).toBe('CONDA_UNSATISFIABLE');
  });
});
