/** The plan request and the resolved Plan (issue 4). Field names are part of the `dlsetup plan --json` contract. */

export type Framework = 'pytorch' | 'tensorflow' | 'jax';
export type InstallMethod = 'wheels' | 'system' | 'conda';
export type TargetOs = 'linux' | 'windows' | 'wsl' | 'macos';

/** What the resolver needs to know about a machine; built from a HardwareReport or from what-if flags. */
export interface HardwareProfile {
  os: TargetOs;
  arch: 'x86_64' | 'aarch64' | 'arm64';
  gpuVendor: 'nvidia' | 'amd' | 'intel' | 'apple' | 'none';
  gpuName?: string;
  computeCapability?: string;
  gpuArch?: string;
  /** null: no driver installed. */
  driverVersion: string | null;
  cudaToolkits?: string[];
  pythonVersion?: string;
}

export interface PlanRequest {
  framework: Framework;
  frameworkVersion?: string;
  python?: string;
  method?: InstallMethod;
}

export interface PlanBlocker {
  code: string;
  message: string;
  /** The nearest request that would work, one click away in the wizard. */
  alternative?: PlanRequest;
}

export interface PlanStep {
  id: string;
  kind: string;
  title: string;
  elevated: boolean;
  params: Record<string, string | number | boolean | string[]>;
}

export interface Plan {
  status: 'ok' | 'blocked';
  request: PlanRequest;
  profile: HardwareProfile;
  method: InstallMethod;
  framework: {
    name: Framework;
    version: string;
    variant: string;
    indexUrl?: string;
    cuda?: string;
    cudnn?: string;
    packages: string[];
  };
  python: { version: string };
  driver: { action: 'keep' | 'install' | 'upgrade' | 'none'; current?: string; minimum?: string; target?: string };
  cudaToolkit: { action: 'none' | 'keep' | 'install'; version?: string };
  cudnn: { action: 'none' | 'bundled' | 'keep' | 'install'; version?: string };
  steps: PlanStep[];
  reasons: string[];
  warnings: string[];
  blockers: PlanBlocker[];
  dataReviewedAt?: string;
}
