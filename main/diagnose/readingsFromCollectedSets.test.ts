import { describe, expect, it } from 'vitest';
import { diagnoseText } from './diagnoseText.js';

/** The readings written from sets 12 to 21's development texts (issue 31), each on the lines of the thread it came from. */
const first = (text: string) => diagnoseText(text).diagnoses[0];

describe('containers: started with GPUs or not, told by a command, by Compose or in words', () => {
  it('nvidia-smi missing in a container started with nvidia-docker is nvidia-smi not brought in, not a container without GPUs (NVIDIA/nvidia-docker#250)', () => {
    const text = 'nvidia-docker run --rm nvidia/cuda nvidia-smi\nnvidia-docker: Error response from daemon: oci runtime error: exec: "nvidia-smi": executable file not found in $PATH.';
    expect(first(text)?.code).toBe('NVIDIA_SMI_NOT_FOUND');
    // The same error from a plain docker run stays the container started without GPUs.
    expect(first('$ docker run -it nvidia/cuda:9.0-base nvidia-smi\ndocker: Error response from daemon: OCI runtime create failed: container_linux.go:345: starting container process caused "exec: \\"nvidia-smi\\": executable file not found in $PATH": unknown.')?.code).toBe('CONTAINER_NO_GPUS');
  });

  it("no driver in a Compose service's log, or in a text that says it runs in Docker, is a container started without GPUs (UW-COSMOS/Cosmos#169, facebookresearch/detectron2#3107)", () => {
    expect(first('detect_worker_1  |     _check_driver()\ndetect_worker_1  | Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver')?.code).toBe('CONTAINER_NO_GPUS');
    expect(first('Running demo.py on the CPU in Docker works fine, but reporting an error on the GPU\nRuntimeError: Found no NVIDIA driver on your system.')?.code).toBe('CONTAINER_NO_GPUS');
    // Without a container, the same line is the driver's.
    expect(first('RuntimeError: Found no NVIDIA driver on your system.')?.code).toBe('DRIVER_NOT_LOADED');
  });

  it('"--gpus" named as what is missing does not count as GPUs asked for (kcosta42/VQGAN-CLIP-Docker#1)', () => {
    const text = 'Creating vqgan-clip-docker_generate_run ... done\nRuntimeError: Found no NVIDIA driver on your system.\nI haven\'t really used `docker-compose` much, but it seems like the `--gpus` option needs to be passed?';
    expect(first(text)?.code).toBe('CONTAINER_NO_GPUS');
  });

  it("the GPU Operator's nvidia-container-cli.real is the container toolkit's NVML failure (NVIDIA/gpu-operator#511)", () => {
    expect(first('Daemonset pods fail with: "nvidia-container-cli.real: initialization error: load library failed: libnvidia-ml.so.1: cannot open shared object file: no such file or directory: unknown"')?.code).toBe('CONTAINER_NO_NVML');
  });
});

describe('WSL told by its paths and its first kernel', () => {
  it("a numba cuInit with no device under /mnt/c/Users is WSL's (NVIDIA/cuml#6218)", () => {
    const text = '  File "/mnt/c/Users/Hongb/Documents/Git/hm-cuml/.venv/lib/python3.12/site-packages/numba_cuda/numba/cuda/cudadrv/driver.py", line 258, in ensure_initialized\n    raise CudaSupportError(f"Error at driver init: {description}")\nnumba.cuda.cudadrv.error.CudaSupportError: Error at driver init: Call to cuInit results in CUDA_ERROR_NO_DEVICE (100)';
    expect(first(text)?.code).toBe('WSL_NO_GPU');
  });

  it("an insufficient driver on WSL 1's kernel is WSL giving no GPU, not an old driver (microsoft/WSL#6122)", () => {
    const text = 'CUDA throw cudaErrorInsufficientDriver error\nWhether the issue is on WSL 2 and/or WSL 1: Linux version 4.4.0-20236-Microsoft (Microsoft@Microsoft.com) (gcc version 5.4.0 (GCC) ) #1000-Microsoft';
    expect(first(text)?.code).toBe('WSL_NO_GPU');
    expect(first('CUDA throw cudaErrorInsufficientDriver error')?.code).toBe('DRIVER_TOO_OLD');
  });
});

describe('versions and wordings read more widely', () => {
  it("Paddle's loaded cuDNN a major apart from the one it was built with is a cuDNN mismatch, with both versions (PaddlePaddle/Paddle#58914)", () => {
    const text = '>>> paddle.version.show()\ncuda: 11.2\ncudnn: 8.2.1\nxpu: False\n>>> paddle.utils.run_check()\nW1110 17:34:13.224603  3418 gpu_resources.cc:149] device: 0, cuDNN Version: 5.1.\nTraceback (most recent call last):';
    const diagnosis = first(text);
    expect(diagnosis?.code).toBe('CUDNN_VERSION_MISMATCH');
    expect(diagnosis?.title).toBe('cuDNN 5.1 is loaded but the build needs 8.2');
    // The same major version is no mismatch: at most the text reads like one (a likeness, with its shared words).
    const same = diagnoseText(text.replace('cuDNN Version: 5.1', 'cuDNN Version: 8.2')).diagnoses.find((d) => d.code === 'CUDNN_VERSION_MISMATCH');
    expect(same === undefined || same.resembles !== undefined).toBe(true);
  });

  it('nvcc pasted with nvidia-smi\'s CUDA told in words is the two-numbers question (e3nn/e3nn#1)', () => {
    const text = 'Cuda compilation tools, release 9.1, V9.1.85\n\nHowever `nvidia-smi` claims I\'m using CUDA 10.1';
    expect(first(text)?.code).toBe('CUDA_VERSIONS_EXPLAINED');
  });

  it("nvidia-smi's header pasted without its border is not a question about the CUDA version (Zuricho/ParallelFold#50)", () => {
    const text = ' NVIDIA-SMI 550.90.12              Driver Version: 550.90.12      CUDA Version: 12.4     |\n2024-11-21 11:37:59.402301: W external/org_tensorflow/tensorflow/compiler/xla/stream_executor/gpu/asm_compiler.cc:231] Falling back to the CUDA driver for PTX compilation; ptxas does not support CC 9.0';
    expect(first(text)?.code).toBe('PTXAS_TOO_OLD');
  });

  it("ptxas failing on a newer PTX is ptxas's family even beside XLA's driver-older-than-ptxas note (jax-ml/jax-triton#336)", () => {
    const text = "W external/xla/xla/service/gpu/nvptx_compiler.cc:930] The NVIDIA driver's CUDA version is 12.4 which is older than the PTX compiler version 12.8.93. Because the driver is older than the PTX compiler version, XLA is disabling parallel compilation\nE0322 18:38:41.729012  571093 pjrt_stream_executor_client.cc:3084] Execution of replica 0 failed: INTERNAL: CustomCall failed: ptxas exited with non-zero error code 65280, output: ptxas /tmp/tempfile, line 5; fatal   : Unsupported .version 8.4; current version is '8.3'";
    expect(first(text)?.code).toBe('PTXAS_TOO_OLD');
  });

  it("two cuDNN libraries of different builds ('version … not defined in file') are a library conflict, not a missing cuDNN (davisking/dlib#2719)", () => {
    const text = 'Could not load library libcudnn_cnn_train.so.8. Error: /usr/local/cuda-11.1/targets/x86_64-linux/lib/libcudnn_ops_train.so.8: symbol _Z22cudnnGenericOpTensorNdILi3EE, version libcudnn_ops_infer.so.8 not defined in file libcudnn_ops_infer.so.8 with link time reference';
    expect(first(text)?.code).toBe('CUDA_LIB_CONFLICT');
  });

  it('misspelt and shortened wordings keep their family (Paddle#17857, nvidia-container-toolkit#1744, dcgm-exporter#604, bazzite#5252, ollama#5567)', () => {
    expect(first('no CUDA-capable is detected')?.code).toBe('NO_DEVICES_FOUND');
    expect(first('Container loses access to GPU with error: "Failed to initiailize NVML: Unknown Error"')?.code).toBe('NVML_UNKNOWN_ERROR');
    expect(first('Unable to determine the device handle for GPU 000:BA:80.0: Unknown Error')?.code).toBe('GPU_LOST');
    expect(first('NVRM: This NVIDIA driver is not compatible with this NVIDIA GPU\nNVRM: because it does not include the required GPU.')?.code).toBe('OPEN_MODULES_UNSUPPORTED_GPU');
    expect(first('msg="unable to load cuda driver library" library=/usr/lib/x86_64-linux-gnu/libcuda.so.535.183.01 error="cuda driver library init failur             e: 802"')?.code).toBe('FABRIC_MANAGER_NOT_RUNNING');
    expect(first("then get ERROR: **could not load dynamic library 'cusolver64_10.dll'; dlerror: cusolver64_10.dll not found**\nI tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully opened dynamic library cudart64_110.dll")?.code).toBe('TF_CUDA_LIBS_NOT_FOUND');
  });

  it("Kaldi waiting for a GPU the user put in exclusive mode is the busy GPU (kaldi-asr/kaldi#2583)", () => {
    const text = 'I tried your method，and built a compute-exclusive mode by using nvidia-smi -c 3. However, there comes a error\nWARNING (nnet3-train[5.4]:SelectGpuId():cu-device.cc:150) Will try again to get a GPU after 20 seconds.';
    expect(first(text)?.code).toBe('GPU_BUSY_EXCLUSIVE');
  });

  it('CUDA unavailable where the text says the framework installed is its CPU build is the CPU build, in English or Chinese (pytorch/pytorch#43493, zyddnys/manga-image-translator#210)', () => {
    expect(first('# PyTorch pip installation command for CUDA 10.2 installs CPU-only version\n`python -c "import torch; print(torch.cuda.is_available());"` prints `False`')?.code).toBe('CPU_ONLY_BUILD');
    expect(first('requirements里torch install时默认是cpu版本，所以cuda.is_available()只会返回false，导致--use-cuda不能使用')?.code).toBe('CPU_ONLY_BUILD');
    expect(first('`python -c "import torch; print(torch.cuda.is_available());"` prints `False`')?.code).toBe('CUDA_NOT_AVAILABLE');
  });

  it('set 21\'s wordings: no NVIDIA devices, Ollama\'s unsupported amdgpu, CMake\'s NVCC-NOTFOUND, Warp\'s missing entry point, a shortened no-kernel-image (pytorch/pytorch#1154, ollama/ollama#12071, microsoft/vcpkg#37914, NVIDIA/warp#164, KeyHunt-Cuda#53)', () => {
    expect(first('NVIDIA: no NVIDIA devices found\nTHCudaCheck FAIL file=torch/csrc/autograd/engine.cpp line=352 error=30 : unknown error')?.code).toBe('NO_DEVICES_FOUND');
    expect(first('- Current behavior: server.log shows "amdgpu is not supported (supported types:[])" and "no compatible GPUs were discovered"; Ollama runs on CPU.')?.code).toBe('ROCM_GFX_UNSUPPORTED');
    expect(first('-- Executing NVCC-NOTFOUND --version resulted in error: 1\nCMake Error at ports/cuda/vcpkg_find_cuda.cmake:69 (message):\n  Could not find CUDA.')?.code).toBe('NVCC_NOT_FOUND');
    expect(first('Warp CUDA error: Function cuCtxGetCurrent_f: a suitable driver entry point was not found')?.code).toBe('DRIVER_TOO_OLD');
    expect(first('CUDA 10.1 runtime with gt650m\nno kernel image is available for execution this device')?.code).toBe('NO_KERNEL_IMAGE');
  });

  it('told in words: NCCL_P2P_DISABLE curing a freeze, a write failing for want of space, a driver installed "in docker" (NVIDIA/nccl#631, zoneminder.machine.learning#65, pointpillars_pytorch_trt#3)', () => {
    expect(first('the model "freeze"(stuck) when using 4 or more GPUs. I confirmed that the model works by setting the variable NCCL_P2P_DISABLE =1 .')?.code).toBe('NCCL_FAILED');
    expect(first("I get up to `sudo apt-get update` part and I get write errors, because no space.")?.code).toBe('DISK_FULL');
    expect(first('RuntimeError: Found no NVIDIA driver on your system.\n\n在docker中安装英伟达驱动失败')?.code).toBe('CONTAINER_NO_GPUS');
  });

  it("conda's missing packages outrank the solver's failure they cause", () => {
    expect(first('error    libmamba Could not solve for environment specs\nPackagesNotFoundError: The following packages are not available from current channels:\n  - cudatoolkit=11.2')?.code).toBe('CONDA_PACKAGES_NOT_FOUND');
  });

  it("set 22's: NVML's RM mismatch, NVML's error 15, Ubuntu on Windows 10, the compute mode quoted as nvidia-smi shows it (recommenders#1287, Claymore-Dual-Miner#246, neural-style#335, signac-flow#115)", () => {
    expect(first('[BUG] error in fastai NVMLError_LibRmVersionMismatch: RM has detected an NVML/RM version mismatch.')?.code).toBe('DRIVER_LIBRARY_MISMATCH');
    expect(first('NVML: cannot get current temperature, error 15\nGPU 3, GpuMiner cu_k1 failed 30, unknown error')?.code).toBe('GPU_LOST');
    expect(first("My system is ubuntu 14.04 on win10.\nmodprobe: ERROR: could not insert 'nvidia_367': Function not implemented\nNVIDIA-SMI has failed because it couldn't communicate with the NVIDIA driver.")?.code).toBe('WSL_NO_GPU');
    expect(first('I set the compute mode on all 8 GPUs to "E. Process".\nERROR: \'[101] Call to cuDevicePrimaryCtxRetain results in CUDA_ERROR_INVALID_DEVICE\'')?.code).toBe('GPU_BUSY_EXCLUSIVE');
  });

  it("Windows' AdapterRAM named beside a larger card is the 4 GB cap (Osmantic/ODS#4317)", () => {
    expect(first('On Windows a 24 GB RTX 4090 reported 4095 MB and got Tier 1. The query now sorts controllers by AdapterRAM to pick the real card')?.code).toBe('WINDOWS_ADAPTER_RAM_CAPPED');
  });
});
