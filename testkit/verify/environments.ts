/*
 * Simulated environments for `verify --all` (issue 20): conda env prefixes under ~/miniconda3/envs in a simulated host,
 * each with dist-info folders as pip writes them. The METADATA headers carry the fields of the real wheels (name,
 * version with its local tag, Requires-Python, the Requires-Dist pins of NVIDIA's libraries the wheel names); RECORD
 * lists real paths of those wheels in pip's `path,sha256=…,size` form. Written from the published wheels' metadata
 * (PyPI's JSON API and download.pytorch.org file names), not byte copies: no wheel is reachable from this machine.
 */
import os from 'node:os';
import path from 'node:path';
import type { FakeOutput } from '../simulatedHost.js';

export interface SimulatedDistribution {
  name: string;
  version: string;
  requires?: string[];
  requiresPython?: string;
  /** Paths RECORD lists; written as files unless named in `missing`. */
  files?: string[];
  missing?: string[];
  /** Leave METADATA out (a half-removed install). */
  noMetadata?: boolean;
}

export interface SimulatedEnvironment {
  name: string;
  python: string;
  dists: SimulatedDistribution[];
}

const HASH = 'sha256=47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU';

function metadata(dist: SimulatedDistribution): string {
  return [
    'Metadata-Version: 2.1',
    `Name: ${dist.name}`,
    `Version: ${dist.version}`,
    ...(dist.requiresPython ? [`Requires-Python: ${dist.requiresPython}`] : []),
    ...(dist.requires ?? []).map((req) => `Requires-Dist: ${req}`),
    '',
    '',
  ].join('\n');
}

/** The conda env's prefix as the host sees it. */
export function environmentPrefix(name: string): string {
  return path.join(os.homedir(), 'miniconda3', 'envs', name);
}

/** Host files for the environments: bin/python, conda-meta's python record, site-packages with dist-info folders. */
export function environmentFiles(envs: readonly SimulatedEnvironment[]): Record<string, FakeOutput> {
  const files: Record<string, FakeOutput> = {};
  for (const env of envs) {
    const prefix = environmentPrefix(env.name);
    const minor = env.python.split('.').slice(0, 2).join('.');
    const site = path.join(prefix, 'lib', `python${minor}`, 'site-packages');
    files[path.join(prefix, 'bin', 'python')] = '';
    files[path.join(prefix, 'conda-meta', `python-${env.python}-h955ad1f_1.json`)] = '{}';
    files[path.join(site, 'README.txt')] = 'This directory exists so that 3rd party packages can be installed here.\n';
    for (const dist of env.dists) {
      const info = path.join(site, `${dist.name.replace(/-/g, '_')}-${dist.version}.dist-info`);
      const listed = [...(dist.files ?? []), `${path.basename(info)}/METADATA`, `${path.basename(info)}/RECORD`];
      if (!dist.noMetadata) files[path.join(info, 'METADATA')] = metadata(dist);
      files[path.join(info, 'INSTALLER')] = 'pip\n';
      files[path.join(info, 'RECORD')] = listed.map((file) => (file.endsWith('/RECORD') ? `${file},,\n` : `${file},${HASH},0\n`)).join('');
      for (const file of dist.files ?? []) if (!dist.missing?.includes(file)) files[path.join(site, file)] = '';
    }
  }
  return files;
}

const TORCH_FILES = ['torch/__init__.py', 'torch/lib/libtorch_cpu.so', 'torch/lib/libc10.so'];
const TORCH_CUDA_FILES = [...TORCH_FILES, 'torch/lib/libtorch_cuda.so', 'torch/lib/libc10_cuda.so'];
const TORCH_DEPS = ['filelock', 'typing-extensions', 'sympy', 'networkx', 'jinja2', 'fsspec'];

export function torch(version: string, options: { cuda?: boolean; requires?: string[]; missing?: string[] } = {}): SimulatedDistribution {
  return { name: 'torch', version, requiresPython: '>=3.8.0', requires: [...TORCH_DEPS, ...(options.requires ?? [])], files: options.cuda === false ? TORCH_FILES : TORCH_CUDA_FILES, missing: options.missing };
}

export function nvidiaWheel(name: string, version: string): SimulatedDistribution {
  const lib = name.replace(/^nvidia-/, '').replace(/-cu\d+$/, '').replace(/-/g, '_');
  return { name, version, requiresPython: '>=3', files: [`nvidia/${lib}/__init__.py`, `nvidia/${lib}/lib/lib${lib}.so`] };
}

/** torch 2.1.2 from PyPI: the cu121 build, with its pinned nvidia-*-cu12 wheels (torch 2.1.2's METADATA pins). */
const TORCH_212_CU121_PINS = ['nvidia-cuda-runtime-cu12 (==12.1.105) ; platform_system == "Linux" and platform_machine == "x86_64"', 'nvidia-cudnn-cu12 (==8.9.2.26) ; platform_system == "Linux" and platform_machine == "x86_64"'];

/**
 * Eight environments of different builds on one machine, one per verdict kind and then some (the GT 1030 host:
 * Pascal sm_61, driver 470.74).
 */
export const EIGHT_ENVIRONMENTS: SimulatedEnvironment[] = [
  { name: 'torch-cu118', python: '3.10.14', dists: [torch('2.1.2+cu118')] },
  { name: 'torch-pypi-cu121', python: '3.11.9', dists: [torch('2.1.2', { requires: TORCH_212_CU121_PINS }), nvidiaWheel('nvidia-cuda-runtime-cu12', '12.1.105'), nvidiaWheel('nvidia-cudnn-cu12', '8.9.2.26')] },
  { name: 'llm-train', python: '3.12.4', dists: [torch('2.8.0+cu128')] },
  { name: 'torch-cpu', python: '3.11.9', dists: [torch('2.5.1+cpu', { cuda: false })] },
  {
    name: 'tf-and-cuda',
    python: '3.11.9',
    dists: [
      { name: 'tensorflow', version: '2.16.1', requiresPython: '>=3.9', requires: ["nvidia-cudnn-cu12 (==8.9.7.29) ; extra == 'and-cuda'"], files: ['tensorflow/__init__.py', 'tensorflow/libtensorflow_framework.so.2'] },
      nvidiaWheel('nvidia-cudnn-cu12', '8.9.7.29'),
      nvidiaWheel('nvidia-cuda-runtime-cu12', '12.3.101'),
    ],
  },
  {
    name: 'jax-cuda12',
    python: '3.11.9',
    dists: [
      { name: 'jax', version: '0.4.30', requiresPython: '>=3.9', requires: ["jax-cuda12-plugin[with_cuda] (<=0.4.30,>=0.4.30) ; extra == 'cuda12'"], files: ['jax/__init__.py'] },
      { name: 'jaxlib', version: '0.4.30', requiresPython: '>=3.9', files: ['jaxlib/__init__.py', 'jaxlib/xla_extension.so'] },
      { name: 'jax-cuda12-plugin', version: '0.4.30', requiresPython: '>=3.9', files: ['jax_plugins/xla_cuda12/__init__.py', 'jax_plugins/xla_cuda12/xla_cuda_plugin.so'] },
      nvidiaWheel('nvidia-cudnn-cu12', '9.1.1.17'),
    ],
  },
  { name: 'broken-torch', python: '3.10.14', dists: [torch('2.3.1+cu118', { missing: ['torch/lib/libtorch_cuda.so'] })] },
  { name: 'tf-cpu', python: '3.11.9', dists: [{ name: 'tensorflow-cpu', version: '2.15.0', requiresPython: '>=3.9', files: ['tensorflow/__init__.py'] }] },
];

/** `count` environments, cycling through the eight with numbered names (the bench's and the timing test's machine). */
export function manyEnvironments(count: number): SimulatedEnvironment[] {
  return Array.from({ length: count }, (_, at) => {
    const env = EIGHT_ENVIRONMENTS[at % EIGHT_ENVIRONMENTS.length]!;
    return { ...env, name: `${env.name}-${at + 1}` };
  });
}

/**
 * Host files for an environment outside the places detection looks (a uv project's `.venv`, added with `--env` or the
 * wizard's "Add an environment folder"): the same site-packages at `prefix`, with pyvenv.cfg as uv 0.4 writes it.
 */
export function addedVenvFiles(prefix: string, env: SimulatedEnvironment): Record<string, FakeOutput> {
  const condaPrefix = environmentPrefix(env.name);
  const files: Record<string, FakeOutput> = {};
  for (const [file, content] of Object.entries(environmentFiles([env]))) {
    if (!file.includes('/conda-meta/')) files[file.replace(condaPrefix, prefix)] = content;
  }
  files[path.join(prefix, 'pyvenv.cfg')] = `home = /usr/bin\nimplementation = CPython\nuv = 0.4.18\nversion_info = ${env.python}\ninclude-system-site-packages = false\n`;
  return files;
}
