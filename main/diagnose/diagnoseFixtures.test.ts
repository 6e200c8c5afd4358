// Every real capture under fixtures/ with what Troubleshoot must say of it, written from its thread before running the
// code. Longer than 300 lines on purpose: it is one table (capture -> kind, families, facts) that reads best whole.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DiagnoseFacts, DiagnoseKind } from '../../shared/types/diagnose.js';
import { fixturePath, fixturesDir } from '../../testkit/fixturePath.js';
import { diagnoseText } from './diagnoseText.js';

interface Expectation {
  kind: DiagnoseKind;
  codes: string[];
  /** Checked with toMatchObject: only the facts named here. */
  facts: DiagnoseFacts;
  /** Other facts must be absent (a wrong value is worse than none). */
  exactFacts?: boolean;
  title?: string;
}

const gpu = (name: string, extra: Record<string, unknown> = {}, vendor = 'nvidia') => ({ vendor, name, ...extra });

/** Every capture under fixtures/, by path: what a user pasting it must see. */
const EXPECTED: Record<string, Expectation> = {
  'collect-env/doctr_collect_env_cudnn8.2_libs_no_gpu.txt': {
    kind: 'collect-env',
    codes: ['CUDA_NOT_AVAILABLE'],
    facts: { toolkitVersion: '11.2.152', cudnnVersion: '8.2.0', framework: { name: 'pytorch', version: '1.8.0' } },
    exactFacts: true,
  },
  // Only TensorFlow's start-up notes: said so, instead of "no known problem".
  'collect-env/gpu_detect_torch_jax_tf_gtx1650maxq_partial.txt': {
    kind: 'log',
    codes: ['TF_INFO_MESSAGES'],
    facts: { gpus: [gpu('GeForce GTX 1650 with Max-Q Design')], cudnnVersion: '7.6.5', framework: { name: 'pytorch', cuda: '10.2', cudnn: '7.6.5' } },
  },
  'collect-env/tf_sysconfig_build_info_conda-forge_cuda11.2.txt': {
    kind: 'tensorflow-build-info',
    codes: [],
    facts: { framework: { name: 'tensorflow', cuda: '11.2', cudnn: '8', archList: ['sm_35', 'sm_50', 'sm_60', 'sm_62', 'sm_70', 'sm_72', 'sm_75', 'sm_80', 'sm_86', 'compute_86'] } },
    exactFacts: true,
  },
  // A CPU wheel is a CPU_ONLY_BUILD, not "CUDA not available, maybe no driver" (issue 16).
  'collect-env/torch1.7.1+cpu_windows_collect_env_partial.txt': {
    kind: 'collect-env',
    codes: ['CPU_ONLY_BUILD'],
    facts: { framework: { name: 'pytorch', version: '1.7.1+cpu' } },
    title: 'PyTorch is a CPU-only build',
  },
  'collect-env/torch2.2.2_windows_cpu_wheel_rtx4080_driver551.86_partial.txt': {
    kind: 'collect-env',
    codes: ['CPU_ONLY_BUILD'],
    facts: { driverVersion: '551.86', toolkitVersion: '12.4.99', framework: { name: 'pytorch', version: '2.2.2' } },
    title: 'PyTorch is a CPU-only build',
  },
  'collect-env/torch1.7.0_cu101_colab_t4_driver418.67_partial.txt': {
    kind: 'collect-env',
    codes: [],
    facts: { driverVersion: '418.67', toolkitVersion: '10.1.243', gpus: [gpu('Tesla T4')], framework: { name: 'pytorch', version: '1.7.0+cu101', cuda: '10.1' } },
    exactFacts: true,
  },
  'collect-env/torch1.7.0a0_rocm3.7_collect_env_partial.txt': {
    kind: 'collect-env',
    codes: [],
    facts: { gpus: [gpu('Device 66a1', {}, 'amd')], framework: { name: 'pytorch', version: '1.7.0a0+9ddd3df', rocm: '3.7.20315-077bcfa0' } },
    exactFacts: true,
  },
  'collect-env/torch_config_show_1.4_cu101_cudnn7.6.3_partial.txt': {
    kind: 'torch-config',
    codes: [],
    facts: { cudnnVersion: '7.6.3', framework: { name: 'pytorch', cuda: '10.1', cudnn: '7.6.3', archList: ['sm_37', 'sm_50', 'sm_60', 'sm_61', 'sm_70', 'sm_75'] } },
  },
  'cudnn/cudnn_h_7.2.1_excerpt.h': { kind: 'cudnn-header', codes: [], facts: { cudnnVersion: '7.2.1' }, exactFacts: true },
  'cudnn/cudnn_h_grep_7.4.1.txt': { kind: 'cudnn-header', codes: [], facts: { cudnnVersion: '7.4.1' }, exactFacts: true },
  'cudnn/cudnn_version_h_8.2.1.h': { kind: 'cudnn-header', codes: [], facts: { cudnnVersion: '8.2.1' }, exactFacts: true },
  'cudnn/cudnn_version_h_9.6.0.h': { kind: 'cudnn-header', codes: [], facts: { cudnnVersion: '9.6.0' }, exactFacts: true },
  // Issue 16 captures: the family each must give, from the thread's answer (written before running the engine).
  // `sudo` missing, not a held lock: no known problem rather than "wait for the other apt" (a near miss of APT_LOCKED).
  'error-logs/apt_dpkg_lock_permission_denied_not_root.txt': { kind: 'log', codes: [], facts: {} },
  'error-logs/conda_tos_noninteractive_miniconda_batch_job.txt': { kind: 'python-traceback', codes: ['CONDA_TOS_NOT_ACCEPTED'], facts: {} },
  // jaxlib's copy of XLA (external/org_tensorflow) is JAX: its cuDNN mismatch is JAX's family, with JAX's fix.
  'error-logs/jax_cudnn_8.0.5_vs_8.6.0_xla_loaded_runtime.txt': { kind: 'log', codes: ['JAX_CUDA_BACKEND_FAILED'], facts: { framework: { name: 'jax' } } },
  'error-logs/jax_outdated_cudnn_conda-forge_keras.txt': { kind: 'log', codes: ['CUDNN_VERSION_MISMATCH'], facts: {} },
  'error-logs/modprobe_nvidia_current_not_found_debian_nvidia-xrun.txt': { kind: 'log', codes: ['DRIVER_MODULE_LOAD_FAILED'], facts: {} },
  // No driver in the container: the root cause, not its consequence "no CUDA-capable device".
  'error-logs/tf2.3_cuinit_no_device_kernel_driver_not_running_container.txt': { kind: 'log', codes: ['DRIVER_NOT_LOADED'], facts: {} },
  // TensorRT absent is a note the maintainers say to ignore; no error around it.
  // TF 2.14+ without its CUDA libraries: the factory lines and TF-TRT are notes beside it, not the answer.
  'error-logs/tf2.15_no_cuda_libs_factories_trt_cheminformatics.txt': { kind: 'log', codes: ['TF_CUDA_LIBS_NOT_FOUND'], facts: {} },
  'error-logs/tf2.12_cannot_dlopen_skipping_gpu_devices.txt': { kind: 'log', codes: ['TF_CUDA_LIBS_NOT_FOUND'], facts: {} },
  'error-logs/jax_ptxas_8.4_vs_8.3_alphafold3.txt': { kind: 'python-traceback', codes: ['PTXAS_TOO_OLD'], facts: {} },
  // Error 1455 while loading a cuDNN DLL is memory, not a missing DLL; the WinError 5 after it is its consequence.
  'error-logs/winerror1455_zh-CN_torch_dataloader_workers_mockingbird.txt': { kind: 'python-traceback', codes: ['WINDOWS_PAGING_FILE_TOO_SMALL'], facts: {} },
  // cuda:1 on a one-GPU machine (the answer: use cuda:0).
  'error-logs/torch_invalid_device_ordinal_cuda1_one_gpu.txt': { kind: 'python-traceback', codes: ['INVALID_DEVICE_ORDINAL'], facts: {} },
  // TensorFlow grabbing 11.4 GB of a 12 GB card fails: memory, the start of the cuDNN handle failure in the thread's title.
  'error-logs/tf_oom_before_cudnn_handle_titanx.txt': { kind: 'log', codes: ['OUT_OF_MEMORY'], facts: {} },
  // cuDNN failed to initialize; the answer: not enough GPU memory (a cuDNN start-up failure, not a version pair).
  'error-logs/tf_failed_to_get_convolution_algorithm_pygta5.txt': { kind: 'log', codes: ['CUDNN_INIT_FAILED'], facts: {} },
  'error-logs/tf_trt_warning_only_llamafactory_webui.txt': { kind: 'log', codes: ['TENSORRT_OPTIONAL_MISSING', 'TF_INFO_MESSAGES'], facts: {} },
  'error-logs/ctranslate2_libcudnn_ops_infer.so.8_missing.txt': {
    kind: 'log',
    codes: ['CUDNN_LIB_MISSING'],
    facts: {},
    title: 'cuDNN 8 library libcudnn_ops_infer.so.8 is missing',
  },
  'error-logs/cuda_bandwidthTest_insufficient_driver_windows_cuda8.txt': { kind: 'log', codes: ['DRIVER_TOO_OLD'], facts: {} },
  'error-logs/dmesg_nvrm_nouveau_conflict.txt': { kind: 'dmesg', codes: ['NOUVEAU_CONFLICT'], facts: {} },
  'error-logs/importerror_libcudnn.so.8_trtpy.txt': {
    kind: 'python-traceback',
    codes: ['CUDNN_LIB_MISSING'],
    facts: {},
    title: 'cuDNN 8 library libcudnn.so.8 is missing',
  },
  'error-logs/ld_error_libcudnn.so.8_binary.txt': { kind: 'log', codes: ['CUDNN_LIB_MISSING'], facts: {} },
  'error-logs/modprobe_key_rejected_secure_boot_dkms.txt': {
    kind: 'dmesg',
    codes: ['SECURE_BOOT_BLOCKED'],
    facts: {},
    title: "Secure Boot refused to load the 'clevo_acpi' kernel module",
  },
  'error-logs/nvidia-container-cli_libnvidia-ml_load_failed.txt': { kind: 'log', codes: ['CONTAINER_NO_NVML'], facts: {} },
  // The excerpt ends before the installer's error: nothing to diagnose, and no false alarm from the signing-key lines.
  'error-logs/nvidia-installer_log_head_module_signing_460.73.01.txt': { kind: 'installer-log', codes: [], facts: { driverVersion: '460.73.01' }, exactFacts: true },
  'error-logs/nvidia-installer_nouveau_in_use_error.txt': { kind: 'installer-log', codes: ['NOUVEAU_CONFLICT'], facts: {} },
  'error-logs/onnxruntime_cuda_failure_35_insufficient_driver_windows.txt': { kind: 'log', codes: ['DRIVER_TOO_OLD'], facts: { framework: { name: 'onnxruntime' } } },
  'error-logs/paddle_dynamicloader_libcudnn.so_not_found.txt': { kind: 'log', codes: ['CUDNN_LIB_MISSING'], facts: {}, title: 'Library libcudnn.so is missing' },
  'error-logs/pytorch_cuda_runtime_error35_insufficient_driver_2018.txt': { kind: 'python-traceback', codes: ['DRIVER_TOO_OLD'], facts: {} },
  'error-logs/tf1.15_cudnn_7.4.1_vs_7.6.0.txt': {
    kind: 'log',
    codes: ['CUDNN_VERSION_MISMATCH'],
    facts: { framework: { name: 'tensorflow' } },
    title: 'cuDNN 7.4.1 is loaded but the build needs 7.6.0',
  },
  'error-logs/tf_cudnn_mismatch_old_numeric_format_7201_vs_7004.txt': {
    kind: 'log',
    codes: ['CUDNN_VERSION_MISMATCH'],
    facts: { framework: { name: 'tensorflow' } },
    title: 'cuDNN 7.2.1 is loaded but the build needs 7.0.4',
  },
  'error-logs/tf_cudnn_runtime_mismatch_8.0.4_vs_8.1.0.txt': {
    kind: 'log',
    codes: ['CUDNN_VERSION_MISMATCH'],
    facts: { framework: { name: 'tensorflow' } },
    title: 'cuDNN 8.0.4 is loaded but the build needs 8.1.0',
  },
  'error-logs/tf_dso_loader_libcudart.so.11.0_not_found.txt': {
    kind: 'log',
    codes: ['TF_CUDA_LIBS_NOT_FOUND'],
    facts: { framework: { name: 'tensorflow' } },
    title: 'TensorFlow could not load libcudart.so.11.0 (CUDA 11) and runs on the CPU',
  },
  'error-logs/torch_cuda_oom_old_format_8gib.txt': {
    kind: 'python-traceback',
    codes: ['OUT_OF_MEMORY'],
    facts: { framework: { name: 'pytorch' } },
    title: 'The GPU ran out of memory (tried to allocate 10.73 GiB, the GPU has 8.00 GiB)',
  },
  'error-logs/torch_not_compiled_with_cuda_tail.txt': {
    kind: 'python-traceback',
    codes: ['CPU_ONLY_BUILD'],
    facts: { framework: { name: 'pytorch' } },
    title: 'PyTorch is a CPU-only build',
  },
  // Cut before "AssertionError: Torch not compiled with CUDA enabled" (SOURCES.md): we say so instead of guessing.
  'error-logs/torch_not_compiled_with_cuda_windows_traceback.txt': {
    kind: 'python-traceback',
    codes: ['INCOMPLETE_TRACEBACK'],
    facts: { framework: { name: 'pytorch' } },
  },
  'error-logs/torch_old_gpu_cc2.1_error48_no_kernel_image.txt': {
    kind: 'log',
    codes: ['NO_KERNEL_IMAGE'],
    facts: { gpus: [gpu('GeForce 820M', { computeCapability: '2.1' })], framework: { name: 'pytorch' } },
    title: 'This build has no GPU code for GeForce 820M (compute capability 2.1)',
  },
  'error-logs/torch_sm86_rtx3090_not_compatible_no_kernel_image.txt': {
    kind: 'python-traceback',
    codes: ['NO_KERNEL_IMAGE'],
    facts: { gpus: [gpu('NVIDIA GeForce RTX 3090', { computeCapability: '8.6' })], framework: { name: 'pytorch' } },
    title: 'This build has no GPU code for NVIDIA GeForce RTX 3090 (compute capability 8.6)',
  },
  'lspci/lspci_-d_03xx_alderlake_display_plus_rtx3080ti.txt': {
    kind: 'lspci',
    codes: [],
    facts: { gpus: [gpu('AlderLake-S GT1', {}, 'intel'), gpu('GeForce RTX 3080 Ti')] },
    exactFacts: true,
  },
  'lspci/lspci_-nn_grep_vga_laptop_rtx3070mobile_plus_amd_cezanne.txt': {
    kind: 'lspci',
    codes: [],
    facts: {
      gpus: [gpu('GeForce RTX 3070 Mobile / Max-Q', { pciId: '10de:24dd' }), gpu('Radeon Vega Series / Radeon Vega Mobile Series', { pciId: '1002:1638' }, 'amd')],
    },
  },
  'lspci/lspci_-nn_radeon680m_rembrandt_apu.txt': { kind: 'lspci', codes: [], facts: { gpus: [gpu('Radeon 680M', { pciId: '1002:1681' }, 'amd')] } },
  'lspci/lspci_-nn_rtx3080_ga102.txt': { kind: 'lspci', codes: [], facts: { gpus: [gpu('GeForce RTX 3080', { pciId: '10de:2206' })] } },
  'lspci/lspci_-nn_rx6650xt_navi23.txt': { kind: 'lspci', codes: [], facts: { gpus: [gpu('Radeon RX 6650 XT', { pciId: '1002:73ef' }, 'amd')] } },
  'lspci/lspci_grep_3d_optimus_gt750m.txt': { kind: 'lspci', codes: [], facts: { gpus: [gpu('GeForce GT 750M')] } },
  'lspci/lspci_grep_amd_4x_fiji_rocm.txt': {
    kind: 'lspci',
    codes: [],
    facts: { gpus: [1, 2, 3].map(() => gpu('Radeon R9 FURY / NANO Series', {}, 'amd')) },
  },
  'lspci/lspci_grep_nvidia_v100_device_1db6.txt': {
    kind: 'lspci',
    codes: [],
    facts: { gpus: [gpu('Device 1db6', { pciId: '10de:1db6' }), gpu('Device 1db6', { pciId: '10de:1db6' })] },
  },
  'macos/sysctl_machdep_cpu_m1.txt': { kind: 'macos-sysctl', codes: [], facts: {}, exactFacts: true },
  'macos/system_profiler_SPDisplaysDataType_imacpro2017_radeon-pro-vega64.txt': {
    kind: 'macos-system-profiler',
    codes: [],
    facts: { gpus: [gpu('Radeon Pro Vega 64', { memoryMiB: 16384, pciId: '1002:6860' }, 'amd')] },
  },
  'macos/system_profiler_SPHardwareDataType_macbookpro11,1_intel.txt': { kind: 'macos-system-profiler', codes: [], facts: {}, exactFacts: true },
  'macos/system_profiler_SPHardwareDataType_mini_m1pro.txt': { kind: 'macos-system-profiler', codes: [], facts: { gpus: [gpu('Apple M1 Pro', {}, 'apple')] } },
  'nvcc/nvcc_10.1.243.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '10.1.243' }, exactFacts: true },
  'nvcc/nvcc_11.0.194.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '11.0.194' }, exactFacts: true },
  'nvcc/nvcc_11.0.221.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '11.0.221' }, exactFacts: true },
  'nvcc/nvcc_11.5.119_ubuntu22.04_distro.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '11.5.119' }, exactFacts: true },
  'nvcc/nvcc_11.7.64_windows.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '11.7.64' }, exactFacts: true },
  'nvcc/nvcc_11.8.89_debian12_package.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '11.8.89' }, exactFacts: true },
  'nvcc/nvcc_13.0.88_linux_x86_64.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '13.0.88' }, exactFacts: true },
  // Debian's nvidia-cuda-toolkit as installed (detection's fixtures, not errors): nothing to diagnose in them.
  'debian-cuda-toolkit/dpkg-status.txt': { kind: 'log', codes: [], facts: {} },
  'debian-cuda-toolkit/layout.txt': { kind: 'log', codes: [], facts: {} },
  'debian-cuda-toolkit/usr-bin-nvcc.sh': { kind: 'log', codes: [], facts: {} },
  // A toolkit's version.json (detection's fixture): no problem in it; reading its versions from a paste is issue 31's.
  'cuda-version/cuda_11.8_version_json_partial.json': { kind: 'log', codes: [], facts: {} },
  // Issue 32: the C library's version, read for the wheels' manylinux tags.
  'ldd/debian12_ldd_version.txt': { kind: 'log', codes: [], facts: {} },
  // Issue 30's version formats and toolkit layouts: file contents and listings, nothing to diagnose.
  'cuda-toolkit-layouts/ls_-l_usr_local_grep_cuda_readlink_-f_cuda-12.9.txt': { kind: 'log', codes: [], facts: {} },
  'cuda-toolkit-layouts/ls_-l_usr_local_nvidia_deb_alternatives_cuda-12.1.txt': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_json_11.5.2_wsl_ubuntu20.04_deb.json': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_json_11.8.0_ubuntu20.04_full.json': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_json_12.6.3_runfile_sdk_12.6.20241114_partial.json': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_json_12.8_windows_sdk_12.8.2.json': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_json_13.0.3_dgx-spark_gb10_partial.json': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_json_13.2.2_jetson_orin_nano_jetpack7.2.json': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_txt_10.0.130_patch_10.0.130.1.txt': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_txt_10.1.243.txt': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_txt_10.2.89.txt': { kind: 'log', codes: [], facts: {} },
  'cuda-version/version_txt_11.0.207.txt': { kind: 'log', codes: [], facts: {} },
  'cudnn/dir_include_cudnn_8.1.1_v8_names_wsl2.txt': { kind: 'log', codes: [], facts: {} },
  'debian-cuda-toolkit/apt_nvidia-cuda-toolkit_ubuntu24.04_12.0.140.txt': { kind: 'log', codes: [], facts: {} },
  'debian-cuda-toolkit/dpkg-l_grep_cuda-toolkit_ubuntu20.04.txt': { kind: 'log', codes: [], facts: {} },
  'cuda-toolkit-layouts/nvcc_12.1.105_linux.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '12.1.105' }, exactFacts: true },
  'nvcc/nvcc_13.1.115_gh200_aarch64.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '13.1.115' }, exactFacts: true },
  'nvcc/nvcc_7.5.17.txt': { kind: 'nvcc', codes: [], facts: { toolkitVersion: '7.5.17' }, exactFacts: true },
  'nvidia-smi-errors/device_handle_unknown_error_2015.txt': {
    kind: 'nvidia-smi-error',
    codes: ['GPU_LOST'],
    facts: {},
    title: 'The GPU stopped responding (0000:0B:00.0)',
  },
  'nvidia-smi-errors/device_handle_unknown_error_no_space_synology.txt': {
    kind: 'nvidia-smi-error',
    codes: ['GPU_LOST'],
    facts: {},
    title: 'The GPU stopped responding (0000:07:00.0)',
  },
  'nvidia-smi-errors/no_devices_found_plain.txt': { kind: 'nvidia-smi-error', codes: ['NO_DEVICES_FOUND'], facts: {} },
  'nvidia-smi-errors/nvidia-smi_-L_then_nvml_unknown_error_k8s.txt': {
    kind: 'nvidia-smi-error',
    codes: ['NVML_UNKNOWN_ERROR'],
    facts: { gpus: [gpu('NVIDIA A100-PCIE-40GB')] },
    exactFacts: true,
  },
  'nvidia-smi-errors/nvidia-smi_failed_communicate_driver_in_container.txt': { kind: 'nvidia-smi-error', codes: ['DRIVER_NOT_LOADED'], facts: {} },
  'nvidia-smi-errors/nvml_driver_library_mismatch_470_no_version_line.txt': { kind: 'nvidia-smi-error', codes: ['DRIVER_LIBRARY_MISMATCH'], facts: {}, exactFacts: true },
  'nvidia-smi-errors/nvml_driver_library_mismatch_550.144_ci.txt': {
    kind: 'nvidia-smi-error',
    codes: ['DRIVER_LIBRARY_MISMATCH'],
    facts: { nvmlVersion: '550.144' },
    exactFacts: true,
  },
  'nvidia-smi-errors/nvml_driver_library_mismatch_570.124.txt': {
    kind: 'nvidia-smi-error',
    codes: ['DRIVER_LIBRARY_MISMATCH'],
    facts: { nvmlVersion: '570.124' },
    exactFacts: true,
  },
  'nvidia-smi-errors/nvml_unknown_error_container_after_daemon_reload.txt': { kind: 'nvidia-smi-error', codes: ['NVML_UNKNOWN_ERROR'], facts: {} },
  'nvidia-smi-query/dmon_-s_all_single_gpu.txt': { kind: 'nvidia-smi-dmon', codes: [], facts: {}, exactFacts: true },
  'nvidia-smi-query/h100_mig_driver590.48.01_allfields.csv': {
    kind: 'nvidia-smi-csv',
    codes: [],
    facts: { driverVersion: '590.48.01', gpus: [gpu('NVIDIA H100 80GB HBM3', { memoryMiB: 81559, computeCapability: '9.0', pciId: '10de:2330' })] },
  },
  'nvidia-smi-query/h200_driver590.48.01_compute-apps_load.csv': { kind: 'nvidia-smi-csv', codes: [], facts: { gpus: [gpu('NVIDIA H200')] }, exactFacts: true },
  'nvidia-smi-query/nvidia-smi_-L_h100_mig_4_instances_driver590.48.01.txt': { kind: 'nvidia-smi-list', codes: [], facts: { gpus: [gpu('NVIDIA H100 80GB HBM3')] } },
  'nvidia-smi-query/nvidia-smi_-L_titanv_rtx5880ada.txt': {
    kind: 'nvidia-smi-list',
    codes: [],
    facts: { gpus: [gpu('NVIDIA TITAN V'), gpu('NVIDIA RTX 5880 Ada Generation')] },
  },
  'nvidia-smi-query/rtx2080_driver440.64_noheader_nounits.csv': {
    kind: 'nvidia-smi-csv',
    codes: [],
    facts: { driverVersion: '440.64', gpus: [gpu('GeForce RTX 2080')] },
    exactFacts: true,
  },
  'nvidia-smi-query/rtx4080super_driver595.71.05_allfields.csv': {
    kind: 'nvidia-smi-csv',
    codes: [],
    facts: { driverVersion: '595.71.05', gpus: [gpu('NVIDIA GeForce RTX 4080 SUPER', { memoryMiB: 16376, computeCapability: '8.9', pciId: '10de:2702' })] },
  },
  'nvidia-smi-query/tesla-p100-pcie-16gb_driver510.47.03.csv': { kind: 'nvidia-smi-csv', codes: [], facts: { gpus: [gpu('Tesla P100-PCIE-16GB')] } },
  'nvidia-smi-query/windows_rtx2080super_driver610.62_allfields.csv': {
    kind: 'nvidia-smi-csv',
    codes: [],
    facts: { driverVersion: '610.62', gpus: [gpu('NVIDIA GeForce RTX 2080 SUPER', { memoryMiB: 8192, computeCapability: '7.5', pciId: '10de:1e81' })] },
  },
  'nvidia-smi-table/a100-sxm4-40gb_driver550.144.03.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '550.144.03', cudaVersion: '12.4', gpus: [gpu('NVIDIA A100-SXM4-40GB', { memoryMiB: 40960 })] },
    exactFacts: true,
  },
  'nvidia-smi-table/a100_mig_devices_section_470era_partial.txt': { kind: 'nvidia-smi-table', codes: [], facts: {}, exactFacts: true },
  'nvidia-smi-table/gtx680_x3_driver331.62_2014_partial.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '331.62', gpus: [1, 2, 3].map(() => gpu('GeForce GTX 680', { memoryMiB: 4095 })) },
    exactFacts: true,
  },
  'nvidia-smi-table/h100-80gb-hbm3_driver590.48.01.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '590.48.01', cudaVersion: '13.1', gpus: [gpu('NVIDIA H100 80GB HBM3', { memoryMiB: 81559 })] },
  },
  'nvidia-smi-table/h100-80gb-hbm3_mig_driver590.48.01.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '590.48.01', cudaVersion: '13.1', gpus: [gpu('NVIDIA H100 80GB HBM3')] },
  },
  'nvidia-smi-table/h100-80gb-hbm3_x2_driver570.133.20.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '570.133.20', cudaVersion: '12.8', gpus: [gpu('NVIDIA H100 80GB HBM3'), gpu('NVIDIA H100 80GB HBM3')] },
  },
  'nvidia-smi-table/h200_driver590.48.01.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '590.48.01', cudaVersion: '13.1', gpus: [gpu('NVIDIA H200', { memoryMiB: 143771 })] },
  },
  'nvidia-smi-table/h200_driver590.48.01_load_with_processes.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '590.48.01', cudaVersion: '13.1', gpus: [gpu('NVIDIA H200')] },
  },
  'nvidia-smi-table/l40s_driver580.126.09_python_process.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '580.126.09', cudaVersion: '13.0', gpus: [gpu('NVIDIA L40S', { memoryMiB: 46068 })] },
  },
  'nvidia-smi-table/l40s_driver595.80.txt': { kind: 'nvidia-smi-table', codes: [], facts: { driverVersion: '595.80', cudaVersion: '13.2', gpus: [gpu('NVIDIA L40S')] } },
  // nvidia-smi cut the name ("NVIDIA GeForce RTX 2080 ..."); detection's parser keeps the visible part.
  'nvidia-smi-table/rtx2080super_driver595.71.05_linux.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '595.71.05', cudaVersion: '13.2', gpus: [gpu('NVIDIA GeForce RTX 2080', { memoryMiB: 8192 })] },
  },
  'nvidia-smi-table/rtx3090_driver535.161.07_empty-process-list.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '535.161.07', cudaVersion: '12.2', gpus: [gpu('NVIDIA GeForce RTX 3090', { memoryMiB: 24576 })] },
  },
  'nvidia-smi-table/rtx4070-laptop_driver580.173.02_partial.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '580.173.02', cudaVersion: '13.0', gpus: [gpu('NVIDIA GeForce RTX 4070', { memoryMiB: 8188 })] },
  },
  'nvidia-smi-table/rtx4080super_driver595.71.05_linux.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '595.71.05', cudaVersion: '13.2', gpus: [gpu('NVIDIA GeForce RTX 4080', { memoryMiB: 16376 })] },
  },
  'nvidia-smi-table/rtx4080super_driver595.71.05_load_with_processes.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '595.71.05', cudaVersion: '13.2', gpus: [gpu('NVIDIA GeForce RTX 4080')] },
  },
  'nvidia-smi-table/titan-xp_driver384.66_no-cuda-version_partial.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '384.66', gpus: [gpu('TITAN Xp', { memoryMiB: 12174 })] },
    exactFacts: true,
  },
  'nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '535.171.04', cudaVersion: '12.2', gpus: Array.from({ length: 8 }, () => gpu('Tesla V100S-PCIE-32GB', { memoryMiB: 32768 })) },
  },
  'nvidia-smi-xml/a100-sxm4-40gb_mig_driver510.47.03.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '510.47.03', cudaVersion: '11.6', gpus: [gpu('NVIDIA A100-SXM4-40GB', { memoryMiB: 40960, pciId: '10de:20b0' })] },
  },
  'nvidia-smi-xml/a100-sxm4-80gb_x4_driver535.54.03.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '535.54.03', cudaVersion: '12.2', gpus: [gpu('NVIDIA A100-SXM4-80GB', { memoryMiB: 81920, pciId: '10de:20b2' })] },
  },
  'nvidia-smi-xml/a10g_driver515.105.01.xml': { kind: 'nvidia-smi-xml', codes: [], facts: { driverVersion: '515.105.01', cudaVersion: '11.7', gpus: [gpu('NVIDIA A10G', { memoryMiB: 23028 })] } },
  'nvidia-smi-xml/gt1030_driver470.74.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '470.74', cudaVersion: '11.4', gpus: [gpu('NVIDIA GeForce GT 1030', { memoryMiB: 1998, pciId: '10de:1d01' })] },
  },
  'nvidia-smi-xml/gtx1660ti_graphics-device_driver418.43.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '418.43', cudaVersion: '10.1', gpus: [gpu('Graphics Device', { pciId: '10de:2184' })] },
  },
  'nvidia-smi-xml/quadro-p2000_driver525.125.06.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '525.125.06', cudaVersion: '12.0', gpus: [gpu('Quadro P2000', { memoryMiB: 5120, pciId: '10de:1c30' })] },
  },
  'nvidia-smi-xml/rtx-a5000_x2_driver590.44.01.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '590.44.01', cudaVersion: '13.1', gpus: [gpu('NVIDIA RTX A5000'), gpu('NVIDIA RTX A5000')] },
  },
  'nvidia-smi-xml/rtx2080_driver516.59_windows.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '516.59', cudaVersion: '11.7', gpus: [gpu('NVIDIA GeForce RTX 2080', { memoryMiB: 8192, pciId: '10de:1e87' })] },
  },
  'nvidia-smi-xml/rtx2080_x2_driver590.44.01.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '590.44.01', cudaVersion: '13.1', gpus: [gpu('NVIDIA GeForce RTX 2080'), gpu('NVIDIA GeForce RTX 2080')] },
  },
  'nvidia-smi-xml/rtx3060_driver570.124.04.xml': { kind: 'nvidia-smi-xml', codes: [], facts: { driverVersion: '570.124.04', cudaVersion: '12.8', gpus: [gpu('NVIDIA GeForce RTX 3060')] } },
  'nvidia-smi-xml/rtx3080_driver536.40_windows.xml': { kind: 'nvidia-smi-xml', codes: [], facts: { driverVersion: '536.40', cudaVersion: '12.2', gpus: [gpu('NVIDIA GeForce RTX 3080')] } },
  'nvidia-smi-xml/rtx3080_driver595.58.03.xml': { kind: 'nvidia-smi-xml', codes: [], facts: { driverVersion: '595.58.03', cudaVersion: '13.2', gpus: [gpu('NVIDIA GeForce RTX 3080')] } },
  'nvidia-smi-xml/rtx3090_driver525.147.05.xml': { kind: 'nvidia-smi-xml', codes: [], facts: { driverVersion: '525.147.05', cudaVersion: '12.0', gpus: [gpu('NVIDIA GeForce RTX 3090')] } },
  'nvidia-smi-xml/rtx4090_driver535.86.05.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '535.86.05', cudaVersion: '12.2', gpus: [gpu('NVIDIA GeForce RTX 4090', { memoryMiB: 24564, pciId: '10de:2684' })] },
  },
  'nvidia-smi-xml/tesla-p100-pcie-16gb_driver510.47.03.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '510.47.03', cudaVersion: '11.6', gpus: [gpu('Tesla P100-PCIE-16GB', { memoryMiB: 16384, pciId: '10de:15f8' })] },
  },
  'nvidia-smi-xml/tesla-t4_driver515.105.01.xml': {
    kind: 'nvidia-smi-xml',
    codes: [],
    facts: { driverVersion: '515.105.01', cudaVersion: '11.7', gpus: [gpu('Tesla T4', { memoryMiB: 15360, pciId: '10de:1eb8' })] },
  },
  'proc-driver/proc_driver_nvidia_version_384.98_ubuntu.txt': { kind: 'proc-driver-version', codes: [], facts: { driverVersion: '384.98' }, exactFacts: true },
  'proc-driver/proc_driver_nvidia_version_580.173.02_truenas.txt': { kind: 'proc-driver-version', codes: [], facts: { driverVersion: '580.173.02' }, exactFacts: true },
  'proc-driver/proc_driver_nvidia_version_open_555.58_gentoo_localized_date.txt': { kind: 'proc-driver-version', codes: [], facts: { driverVersion: '555.58' }, exactFacts: true },
  'proc-driver/proc_driver_nvidia_version_open_565.57.01_ubuntu24.04.txt': { kind: 'proc-driver-version', codes: [], facts: { driverVersion: '565.57.01' }, exactFacts: true },
  'rocm-smi/rocm-smi_-a_navi10_0x731f_driver5.6.19_partial.txt': {
    kind: 'rocm-smi',
    codes: [],
    facts: { driverVersion: '5.6.19', gpus: [gpu('AMD GPU 731f', { pciId: '1002:731f' }, 'amd')] },
    exactFacts: true,
  },
  'rocm-smi/rocm-smi_-a_raphael-igpu_0x164e_partial.txt': { kind: 'rocm-smi', codes: [], facts: { gpus: [gpu('AMD GPU 164e', { pciId: '1002:164e' }, 'amd')] } },
  // nvidia-smi's header line names the kind; the nvcc lines above it are read too.
  'pastes/nvcc_10.1_plus_nvidia-smi_header_450.66_cuda11.0.txt': {
    kind: 'nvidia-smi-table',
    codes: ['CUDA_VERSIONS_EXPLAINED'],
    facts: { toolkitVersion: '10.1.243', driverVersion: '450.66', cudaVersion: '11.0' },
    exactFacts: true,
    title: "Two CUDA numbers: the driver's limit (11.0) and the installed toolkit (10.1.243)",
  },
  'rocm-smi/rocm-smi_-a_id_section_phoenix1_0x15bf_rocm6.1_partial.txt': {
    kind: 'rocm-smi',
    codes: [],
    facts: { driverVersion: '6.10.0-061000rc1-generic', gpus: [gpu('Phoenix1', { pciId: '1002:15bf' }, 'amd')] },
    exactFacts: true,
  },
  // GPU 0 is a row of N/A: another vendor's card under /sys/class/drm, not an AMD GPU.
  'rocm-smi/rocm-smi_hades-canyon_intel-igpu_row_all_na_vegam.txt': { kind: 'rocm-smi', codes: [], facts: { gpus: [gpu('AMD GPU', {}, 'amd')] }, exactFacts: true },
  'rocm-smi/rocm-smi_rocm1.9_igpu_row_all_na_gpu1_real.txt': { kind: 'rocm-smi', codes: [], facts: { gpus: [gpu('AMD GPU', {}, 'amd')] }, exactFacts: true },
  'rocm-smi/rocm-smi_2018_during_training.txt': { kind: 'rocm-smi', codes: [], facts: { gpus: [gpu('AMD GPU', {}, 'amd')] }, exactFacts: true },
  // The ROCm release as its files and amd-smi state it (issue 28): plain text diagnose reads as a log with nothing wrong.
  'rocm-version/amd-smi-version_rocm-na.txt': { kind: 'log', codes: [], facts: {} },
  'rocm-version/amd-smi-version_rocm6.4.0_mi300x.txt': { kind: 'log', codes: [], facts: {} },
  'rocm-version/info-version_6.3.2-66.txt': { kind: 'log', codes: [], facts: {} },
  'rocm-version/info-version_6.4.1.txt': { kind: 'log', codes: [], facts: {} },
  'rocm-version/rocm_version.h_6.2.0_excerpt.txt': { kind: 'log', codes: [], facts: {} },
  'rocm-smi/rocm-smi_radeon-vii_rocm2.1_empty-pclk-warning.txt': { kind: 'rocm-smi', codes: [], facts: { gpus: [gpu('AMD GPU', {}, 'amd')] }, exactFacts: true },
  // Four cards in DPX mode show up as eight rows; partition 0 of each is the card.
  'rocm-smi/rocm-smi_rocm6-7_mi3xx_0x75a0_dpx_partitions_partial.txt': {
    kind: 'rocm-smi',
    codes: [],
    facts: { gpus: Array.from({ length: 4 }, () => gpu('AMD GPU 75a0', { pciId: '1002:75a0' }, 'amd')) },
    exactFacts: true,
  },
  'ubuntu-drivers/ubuntu-drivers_devices_gt640_gk107.txt': { kind: 'ubuntu-drivers', codes: [], facts: { gpus: [gpu('GeForce GT 640', { pciId: '10de:0fc1' })] }, exactFacts: true },
  'windows/get-ciminstance_adapterram_uint32_cap_amd16gb.txt': { kind: 'windows-cim', codes: ['WINDOWS_ADAPTER_RAM_CAPPED'], facts: {}, exactFacts: true },
  'windows/get-ciminstance_win32_videocontroller_fl_intel_uhd_partial.txt': {
    kind: 'windows-cim',
    codes: [],
    facts: { gpus: [gpu('Intel(R) UHD Graphics', { pciId: '8086:9bc4' }, 'intel')] },
    exactFacts: true,
  },
  'windows/get-wmiobject_win32_pnpsigneddriver_gtx980ti_partial.txt': {
    kind: 'windows-cim',
    codes: [],
    facts: { driverVersion: '382.53', gpus: [gpu('NVIDIA GeForce GTX 980 Ti', { pciId: '10de:17c8' })] },
    exactFacts: true,
  },
  'windows/nvidia-smi_-q_-i_0_windows_gtx1080ti_driver442.92_partial.txt': {
    kind: 'nvidia-smi-q',
    codes: [],
    facts: { driverVersion: '442.92', cudaVersion: '10.2', gpus: [gpu('GeForce GTX 1080 Ti')] },
  },
  'windows/windows_rtx2080super_driver591.86_nvidia-smi_idle.txt': {
    kind: 'nvidia-smi-table',
    codes: [],
    facts: { driverVersion: '591.86', cudaVersion: '13.1', gpus: [gpu('NVIDIA GeForce RTX 2080', { memoryMiB: 8192 })] },
  },
  'windows/wmic_win32_videocontroller_format_list_intel_hd5500.txt': {
    kind: 'windows-cim',
    codes: [],
    facts: { gpus: [gpu('Intel(R) HD Graphics 5500', {}, 'intel')] },
    exactFacts: true,
  },
  'windows/wsl2_rtx4090_driver537.13_nvidia-smi-q_partial.txt': {
    kind: 'nvidia-smi-q',
    codes: [],
    facts: { driverVersion: '537.13', cudaVersion: '12.2', gpus: [gpu('NVIDIA GeForce RTX 4090')] },
  },
};

/** Folders whose captures are clean tool output: a diagnosis there would be a false alarm. */
const CLEAN_FOLDERS = new Set(['nvidia-smi-table', 'nvidia-smi-xml', 'nvidia-smi-query', 'nvcc', 'cudnn', 'proc-driver', 'lspci', 'rocm-smi', 'macos', 'ubuntu-drivers']);

/** Not tool output: scored sets (each text carries its own family, troubleshootSets.test.ts) and index data (lock files). */
const SCORED_SETS = new Set(['troubleshoot-set-3', 'troubleshoot-set-4', 'troubleshoot-set-5', 'troubleshoot-set-6', 'troubleshoot-set-7', 'troubleshoot-set-8', 'troubleshoot-set-9', 'troubleshoot-set-10', 'troubleshoot-set-11', 'troubleshoot-set-12', 'troubleshoot-set-13', 'troubleshoot-set-14', 'troubleshoot-set-15', 'troubleshoot-set-16', 'troubleshoot-set-17', 'troubleshoot-set-18', 'troubleshoot-set-19', 'troubleshoot-set-20', 'troubleshoot-set-21', 'troubleshoot-set-22', 'pypi-index']);

function allCaptures(): string[] {
  const files: string[] = [];
  for (const folder of readdirSync(fixturesDir, { withFileTypes: true })) {
    if (!folder.isDirectory() || SCORED_SETS.has(folder.name)) continue;
    for (const file of readdirSync(path.join(fixturesDir, folder.name))) files.push(`${folder.name}/${file}`);
  }
  return files.sort();
}

describe('every capture in fixtures/', () => {
  const captures = allCaptures();

  it('has an expectation (a new capture fails here until its row is added)', () => {
    expect(captures.length).toBeGreaterThan(100);
    expect(captures.filter((file) => !(file in EXPECTED))).toEqual([]);
    expect(Object.keys(EXPECTED).filter((file) => !captures.includes(file))).toEqual([]);
  });

  it.each(captures)('%s: kind, facts and codes', (file) => {
    const text = readFileSync(fixturePath(...file.split('/')), 'utf8');
    const result = diagnoseText(text);
    const expected = EXPECTED[file];
    expect(result.kind, 'recognised as something').not.toBe('empty');
    if (!expected) return;
    expect(result.kind).toBe(expected.kind);
    expect(result.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(expected.codes);
    if (expected.exactFacts) expect(result.facts).toEqual(expected.facts);
    else expect(result.facts).toMatchObject(expected.facts);
    if (expected.title) expect(result.diagnoses[0]?.title).toBe(expected.title);
    if (CLEAN_FOLDERS.has(file.split('/')[0] as string) || /nvidia-smi/.test(file) && file.startsWith('windows/')) {
      expect(result.diagnoses, 'no false alarm on clean tool output').toEqual([]);
    }
    for (const diagnosis of result.diagnoses) {
      expect(diagnosis.title).not.toMatch(/\{|\[\[/);
      expect(diagnosis.explanation).not.toMatch(/\{|\[\[/);
      expect(diagnosis.fixes.length).toBeGreaterThan(0);
      expect(diagnosis.evidence === undefined || text.includes(diagnosis.evidence.text.slice(0, 40))).toBe(true);
    }
  });
});
