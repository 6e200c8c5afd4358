import * as v from 'valibot';
import { driver, listOf, row, source, tableHeader, text, texts } from './tableParts.js';

/** data/driver-branches.json: NVIDIA's driver branches, the one DL Setup prefers, and what distributions package. */
export const driverBranchSchema = row({
  branch: text,
  minimumVersion: row({ linux: v.optional(driver), windows: v.optional(driver) }),
  newestCuda: text,
  lastFor: v.optional(texts),
  support: v.optional(text),
  note: v.optional(text),
  confidence: v.optional(text),
  source,
});

/** One distribution release's own NVIDIA driver package: `repo` as in HardwareProfile.linuxRepo ("debian12"). */
export const distroDriverSchema = row({ repo: text, distro: text, package: text, component: text, version: driver, source });

export const driverBranchTableSchema = row({
  ...tableHeader,
  preferredBranch: row({ branch: text, reason: text, source }),
  branches: listOf(driverBranchSchema),
  distroPackages: listOf(row({ distro: text, pattern: text, serverPattern: v.optional(text), source })),
  recommendedBranches: listOf(row({ distro: text, architecture: text, branch: text, source })),
  /** Drivers a distribution release packages itself: what its own driver install gives (distroDriver.ts). */
  distroDrivers: v.optional(listOf(distroDriverSchema)),
});

export type DriverBranch = v.InferOutput<typeof driverBranchSchema>;
export type DistroDriver = v.InferOutput<typeof distroDriverSchema>;
export type DriverBranchTable = v.InferOutput<typeof driverBranchTableSchema>;
