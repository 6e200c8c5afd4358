import { describe, expect, it } from 'vitest';
import { zhLeftovers } from './zhLeftovers.js';

const found = (text: string, names: string[] = []) => zhLeftovers(text, names).map(({ kind, text: word }) => `${kind}: ${word}`);

describe('zhLeftovers', () => {
  it("finds issue 30's leftovers: ids in the download summary, the dry run's step kinds, detect's source labels", () => {
    expect(found('下载  约 2.8 GB（大小未知，未计入：driver / tensorflow-cuda-wheels / pytorch-rocm-wheels）')).toEqual([
      'internal id: pytorch-rocm-wheels',
      'internal id: tensorflow-cuda-wheels',
      'English word: driver',
    ]);
    expect(found('1. 为当前用户设置 CUDA 环境变量 [env-vars]')).toEqual(['internal id: env-vars']);
    expect(found('  9.6.0   /usr/include/cudnn_version.h   header')).toEqual(['English word: header']);
    expect(found('  8.9.7   /usr/local/cuda-12.4/lib64/libcudnn.so.8   toolkit lib')).toEqual(['internal id: toolkit lib', 'English word: lib']);
    expect(found('  3.10.12   system   /usr/bin/python3')).toEqual(['English word: system']);
    expect(found('   [root] $ apt-get install --yes nvidia-driver-550')).toEqual(['English word: root']);
  });

  it('finds codes outside their bracket and catalog keys, and leaves a bracketed code alone', () => {
    expect(found('  警告 NOUVEAU_LOADED: 已加载 nouveau 驱动。')).toEqual(['code outside its bracket: NOUVEAU_LOADED']);
    expect(found('  警告 已加载 nouveau 驱动。 [NOUVEAU_LOADED]')).toEqual([]);
    expect(found('原因：plan.reason.driverKeep')).toEqual(['catalog key: plan.reason.driverKeep']);
    expect(found('见 https://conda-forge.org/download/ 与 cudnn_version.h、pytorch.org、torch.version.cuda')).toEqual([]);
    expect(found('原因：download.unknown')).toEqual(['catalog key: download.unknown']);
  });

  it('leaves names alone: products, commands, paths, flags, versions, packages, variables, and the machine’s own words', () => {
    expect(found('已安装 CUDA Toolkit 11.5.119，位于 /usr/local/cuda-11.5（nvcc）；PyTorch 2.14 cu126 可在 NVIDIA GeForce RTX 4090 上运行。')).toEqual([]);
    expect(found('请打开新终端（或运行：source /home/jane/.bashrc）。下一步：dlsetup verify --all')).toEqual([]);
    expect(found('            $ python3.11 -m venv /home/jane/envs/dlsetup-pytorch-2.14')).toEqual([]);
    expect(found('CUDA_HOME 和 PATH 指向它；apt-get 安装 nvidia-driver-580 与 python3.11-venv')).toEqual([]);
    expect(found('CPU：AMD EPYC 7B13 64-Core Processor，8 个线程', ['AMD EPYC 7B13 64-Core Processor'])).toEqual([]);
    expect(found('CPU：Frobnicator Deluxe，8 个线程')).toEqual(['English word: Frobnicator', 'English word: Deluxe']);
  });
});
