import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../testkit/fixturePath.js';
import { frameworkCheckScript } from './runFrameworkCheck.js';

const PY38 = `${os.homedir()}/.pyenv/versions/3.8.18/bin/python`;

/** The check script's own error-text classifier (`--classify`), run on real error output people pasted. */
function classify(text: string): string | null {
  const out = execFileSync('/usr/bin/python3', [frameworkCheckScript, '--classify'], { input: text, encoding: 'utf8' });
  return (JSON.parse(out) as { code: string | null }).code;
}

describe('dlsetup_check.py error classification on real captures', () => {
  it.each([
    ['torch_sm86_rtx3090_not_compatible_no_kernel_image.txt', 'NO_KERNEL_IMAGE'],
    ['torch_old_gpu_cc2.1_error48_no_kernel_image.txt', 'NO_KERNEL_IMAGE'],
    ['torch_not_compiled_with_cuda_tail.txt', 'CPU_ONLY_BUILD'],
    ['torch_cuda_oom_old_format_8gib.txt', 'OUT_OF_MEMORY'],
    ['pytorch_cuda_runtime_error35_insufficient_driver_2018.txt', 'DRIVER_TOO_OLD'],
    ['cuda_bandwidthTest_insufficient_driver_windows_cuda8.txt', 'DRIVER_TOO_OLD'],
    ['onnxruntime_cuda_failure_35_insufficient_driver_windows.txt', 'DRIVER_TOO_OLD'],
    ['tf1.15_cudnn_7.4.1_vs_7.6.0.txt', 'CUDNN_VERSION_MISMATCH'],
    ['tf_cudnn_runtime_mismatch_8.0.4_vs_8.1.0.txt', 'CUDNN_VERSION_MISMATCH'],
    ['tf_cudnn_mismatch_old_numeric_format_7201_vs_7004.txt', 'CUDNN_VERSION_MISMATCH'],
    ['importerror_libcudnn.so.8_trtpy.txt', 'CUDNN_LIB_MISSING'],
    ['ctranslate2_libcudnn_ops_infer.so.8_missing.txt', 'CUDNN_LIB_MISSING'],
    ['paddle_dynamicloader_libcudnn.so_not_found.txt', 'CUDNN_LIB_MISSING'],
    ['tf_dso_loader_libcudart.so.11.0_not_found.txt', 'CUDA_LIB_MISSING'],
    ['nvidia-container-cli_libnvidia-ml_load_failed.txt', 'DRIVER_NOT_LOADED'],
    ['nvidia-installer_nouveau_in_use_error.txt', null],
  ])('%s -> %s', (file, code) => {
    expect(classify(readFileSync(fixturePath('error-logs', file), 'utf8'))).toBe(code);
  });

  it.skipIf(!existsSync(PY38))('runs on the oldest Python the app supports (3.8)', () => {
    // Syntax only: the shipped script must not use 3.9+ features.
    const out = execFileSync(PY38, [frameworkCheckScript, '--classify'], { input: 'RuntimeError: No CUDA GPUs are available', encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ code: 'NO_DEVICES_FOUND' });
  });
});

