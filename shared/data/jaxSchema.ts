import * as v from 'valibot';
import { driver, flag, listOf, oneOf, platformLimit, pythonByPlatform, pythonRange, row, source, tableHeader, text, texts, wheelPlatform } from './tableParts.js';

/** data/jax.json: each JAX release, its CUDA plugins on PyPI or, before them, its find-links GPU jaxlibs. */
export const jaxPluginSchema = row({
  name: oneOf(['cuda12', 'cuda13']),
  extra: text,
  builtWithCuda: v.nullable(text),
  minCuda: text,
  minCudnn: text,
  minComputeCapability: text,
  driverLinux: driver,
  driverNote: v.optional(text),
});

/** A GPU jaxlib from JAX's find-links page (before jax-cuda12-plugin on PyPI, jax < 0.4.26). */
export const jaxLegacyGpuBuildSchema = row({
  /** The extra: "cuda12_pip", "cuda11_pip" (CUDA from nvidia-* wheels) or "cuda" (a system CUDA 11 and cuDNN). */
  extra: text,
  cuda: text,
  cudnn: text,
  /** The wheel links against a CUDA Toolkit and cuDNN installed on the system. */
  systemCuda: flag,
  computeCapabilities: texts,
});

export const jaxLegacyGpuInstallSchema = row({
  /** pip's --find-links page that holds the CUDA jaxlib wheels. */
  findLinks: text,
  platforms: listOf(wheelPlatform),
  builds: listOf(jaxLegacyGpuBuildSchema),
  note: v.optional(text),
  source,
});

export const jaxReleaseSchema = row({
  version: text,
  /** The jaxlib the release installs ("0.4.36" for jax 0.4.37). */
  jaxlib: v.optional(text),
  pythonByPlatform: v.optional(pythonByPlatform),
  /** Pulled from PyPI by its maintainers; installable only by exact pin. */
  yanked: v.optional(flag),
  /** GPU wheels from a find-links page, for releases before the PyPI plugins. */
  legacyGpuInstall: v.optional(jaxLegacyGpuInstallSchema),
  /** The platforms PyPI has CPU jaxlib wheels for, with where that list was read. */
  wheels: v.optional(row({ cpu: texts, source })),
  releaseDate: text,
  python: pythonRange,
  plugins: listOf(jaxPluginSchema),
  platforms: row({ gpu: texts, gpuExperimental: texts, cpu: texts }),
  note: v.optional(text),
  source,
});

export const jaxTableSchema = row({
  ...tableHeader,
  rules: v.optional(texts),
  missingVersions: v.optional(row({ note: text, source })),
  platformLimits: v.optional(listOf(platformLimit)),
  releases: listOf(jaxReleaseSchema),
});

export type JaxPlugin = v.InferOutput<typeof jaxPluginSchema>;
export type JaxLegacyGpuBuild = v.InferOutput<typeof jaxLegacyGpuBuildSchema>;
export type JaxLegacyGpuInstall = v.InferOutput<typeof jaxLegacyGpuInstallSchema>;
export type JaxRelease = v.InferOutput<typeof jaxReleaseSchema>;
export type JaxTable = v.InferOutput<typeof jaxTableSchema>;
