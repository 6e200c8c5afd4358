/** Diagnosis of pasted text or a failed step (issue 8). Field names are part of the `dlsetup diagnose --json` contract. */

export interface DiagnosedGpu {
  vendor: string;
  name: string;
  memoryMiB?: number;
  computeCapability?: string;
  pciId?: string;
}

export interface Diagnosis {
  code: string;
  title: string;
  explanation: string;
  fixes: string[];
  references?: string[];
}

export interface DiagnoseResult {
  kind: string;
  facts: {
    driverVersion?: string;
    cudaVersion?: string;
    toolkitVersion?: string;
    cudnnVersion?: string;
    gpus?: DiagnosedGpu[];
  };
  diagnoses: Diagnosis[];
}
