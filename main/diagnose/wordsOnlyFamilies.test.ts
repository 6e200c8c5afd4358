// Families told in words (issue 31, from sets 9 and 10's development halves): read only when no tool's line named a family.
import { describe, expect, it } from 'vitest';
import { diagnoseText } from './diagnoseText.js';

const first = (text: string) => diagnoseText(text).diagnoses[0]?.code;

describe('a family said in words', () => {
  it('nouveau blocking the NVIDIA module, or its errors in the kernel log, told in a sentence', () => {
    expect(first('but now works the blacklisting not on my notebook,\nthe nouveau want ever install and block the nivida module.')).toBe('NOUVEAU_CONFLICT');
    expect(first('i use `dmesg` command to look kernel log, found having many error about `nouveau`')).toBe('NOUVEAU_CONFLICT');
  });

  it('is not read where a tool named the family: "I blacklisted nouveau" beside nvidia-smi failing stays that failure', () => {
    const text = "I already blacklisted nouveau, no errors from nouveau any more.\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.";
    expect(first(text)).toBe('DRIVER_NOT_LOADED');
  });

  it('on WSL, nvidia-smi failing or is_available() False said in words is WSL not passing the GPU through', () => {
    expect(first("- [X] WSL 2\n6. nvidia-smi returns error (details below).\n7. 'torch.cuda.is_available()' always returns 'false' in wsl (ubuntu).")).toBe('WSL_NO_GPU');
    expect(first('Ubuntu 22.04 on a desktop\ntorch.cuda.is_available() returns False')).toBe('CUDA_NOT_AVAILABLE');
  });

  it('"without WSL" is about native Windows: JAX with a GPU there', () => {
    expect(first('I have a need to "Without WSL" to build and run NumPyro on windows of course with jax and jaxlib with gpu support.')).toBe('JAX_WINDOWS_NO_GPU');
  });

  it('"nvcc not found" in a sentence', () => {
    expect(first('I was running the setup steps on Ubuntu and got an error that "nvcc not found".')).toBe('NVCC_NOT_FOUND');
  });
});
