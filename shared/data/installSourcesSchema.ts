import * as v from 'valibot';
import { listOf, oneOf, row, source, tableHeader, text, texts } from './tableParts.js';

/** NVIDIA's folder names for the two Linux architectures it publishes CUDA for. */
export const nvidiaArchSchema = oneOf(['x86_64', 'sbsa']);

/** One published file: NVIDIA's URL and the sha256 it must have. */
const publishedDownload = { version: text, arch: nvidiaArchSchema, url: text, sha256: text, source };

/**
 * data/nvidia-install-sources.json: what the elevated steps install (issue 15): the plan names versions and branches,
 * this table names the packages, downloads and checksums.
 */
export const installSourcesTableSchema = row({
  ...tableHeader,
  driverPackages: listOf(
    row({
      distro: text,
      /** Ubuntu's open-module metapackage pattern ("nvidia-driver-{branch}-open"), which a plan's driver step names. */
      openPattern: v.optional(text),
      packages: v.optional(texts),
      fallbackPackages: v.optional(texts),
      openPackages: v.optional(texts),
      openFallbackPackages: v.optional(texts),
      openSource: v.optional(source),
      source,
    }),
  ),
  toolkitPackage: row({ pattern: text, source }),
  cudnnPackages: listOf(row({ cudnnMajor: text, pattern: text, source })),
  /** cuDNN 8 and older: the exact package build per (cuDNN, CUDA) series pair in NVIDIA's repository. */
  cudnnPinnedPackages: listOf(row({ cudnn: text, cuda: text, packages: texts, version: text, source })),
  pythonVenvPackages: listOf(row({ distro: text, pattern: text, source })),
  runfiles: listOf(row(publishedDownload)),
  cudnnArchives: listOf(row({ ...publishedDownload, build: text, cudaMajor: text })),
  removablePackages: listOf(row({ pattern: text, what: text, source })),
});

/** data/cuda-keyrings.json: NVIDIA's published sha256 of each cuda-keyring package. */
export const cudaKeyringTableSchema = row({
  ...tableHeader,
  keyrings: listOf(row({ distro: text, arch: text, version: text, sha256: text, source })),
});

export type NvidiaArch = v.InferOutput<typeof nvidiaArchSchema>;
export type InstallSourcesTable = v.InferOutput<typeof installSourcesTableSchema>;
export type CudaKeyringTable = v.InferOutput<typeof cudaKeyringTableSchema>;
