// What an environment's installed distributions say about a framework build, read from their metadata alone.
import type { Framework } from '../types/plan.js';

/** One installed distribution as main/verify/environments/readDistributions.ts reads it. */
export interface InstalledDistribution {
  name: string;
  version: string;
  /** Host path of its .dist-info or .egg-info folder. */
  infoDir: string;
  /** Why the install is broken (unreadable METADATA, files RECORD lists that are gone); empty when intact. */
  problems: string[];
  /**
   * The paths of RECORD a verdict uses (package __init__.py files and shared libraries, at most 256), relative to the
   * site dir; empty for an egg-info, which has no RECORD.
   */
  files: string[];
}

export type InstalledDistributions = ReadonlyMap<string, InstalledDistribution>;

/** What the metadata says about one framework in one environment, before the data is asked. */
export interface BuildEvidence {
  framework: Framework;
  distribution: string;
  version: string;
  /** The variant the metadata names ("cu118", "cpu", "cuda12"); undefined: the release's pip default. */
  variant: string | undefined;
  /** No build the data lists can be this one (a distribution's or a source build): 'cuda' or 'cpu' from its files. */
  unlisted?: 'cuda' | 'cpu';
  /** Missing metadata or files: the install is broken whatever the build. */
  problems: string[];
}

/** The host, for evidence RECORD cannot give: whether a file exists in the site dir that holds the distribution. */
export interface EvidenceHost {
  existsBesideInfoDir(dist: InstalledDistribution, relativePath: string): Promise<boolean>;
}

/** The PEP 440 local tag that names a CUDA build: "2.5.1+cu124" → "cu124", "1.13.0a0+gitunknown" → "gitunknown". */
export function localVersionTag(version: string): string | null {
  return /\+([A-Za-z0-9.]+)$/.exec(version)?.[1] ?? null;
}

/** NVIDIA's pip-packaged library of a CUDA major (nvidia-cudnn-cu12), when installed. */
export function cudaWheel(dists: InstalledDistributions, library: 'cudnn' | 'cuda-runtime'): InstalledDistribution | undefined {
  for (const [name, dist] of dists) if (new RegExp(`^nvidia-${library}-cu\\d+$`).test(name)) return dist;
  return undefined;
}
