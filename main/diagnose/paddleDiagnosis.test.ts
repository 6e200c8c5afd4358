import { describe, expect, it } from 'vitest';
import { diagnoseText } from './diagnoseText.js';
import { formatDiagnosis } from './formatDiagnosis.js';

// PaddlePaddle in Troubleshoot's families: its dynamic loader's sentence (paddle/phi/backends/dynload/dynamic_loader.cc,
// as users paste it in PaddleOCR/PaddleDetection threads) names the library, so the family is the library's, the
// framework is PaddlePaddle, and the plan offered is a PaddlePaddle plan.
const WINDOWS_CUDNN =
  'RuntimeError: (PreconditionNotMet) The third-party dynamic library (cudnn64_8.dll) that Paddle depends on is not configured correctly. (error code is 126)\n' +
  '  Suggestions:\n  1. Check if the third-party dynamic library (e.g. CUDA, CUDNN) is installed correctly and its version is matched with paddlepaddle you installed.\n';
const LINUX_CUDNN =
  'W0623 12:29:30.035391 62732 dynamic_loader.cc:305] The third-party dynamic library (libcudnn.so) that Paddle depends on is not configured correctly. (error code is /usr/local/cuda/lib64/libcudnn.so: cannot open shared object file: No such file or directory)\n';
const WSL_LIBCUDA = 'The third-party dynamic library (libcuda.so) that Paddle depends on is not configured correctly. (error code is libcuda.so: cannot open shared object file: No such file or directory)\n';

describe('Troubleshoot on PaddlePaddle errors', () => {
  it.each([
    ['Linux cuDNN', LINUX_CUDNN, 'CUDNN_LIB_MISSING'],
    ['Windows cuDNN DLL', WINDOWS_CUDNN, 'CUDNN_LIB_MISSING'],
  ])('%s: the cuDNN family, PaddlePaddle named, a PaddlePaddle plan offered', (_, text, code) => {
    const result = diagnoseText(text);
    expect(result.diagnoses.map((diagnosis) => diagnosis.code)).toContain(code);
    expect(result.facts.framework?.name).toBe('paddlepaddle');
    expect(result.diagnoses.find((diagnosis) => diagnosis.code === code)?.suggestedPlan).toMatchObject({ framework: 'paddlepaddle' });
  });

  it('a missing libcuda.so is the driver family, said in Chinese too', () => {
    const result = diagnoseText(WSL_LIBCUDA);
    expect(result.diagnoses[0]?.code).toBe('DRIVER_NOT_LOADED');
    expect(formatDiagnosis({ ...diagnoseText(WSL_LIBCUDA, { locale: 'zh-CN' }), locale: 'zh-CN' })).toContain('NVIDIA 驱动没有安装或没有运行 [DRIVER_NOT_LOADED]');
  });
});
