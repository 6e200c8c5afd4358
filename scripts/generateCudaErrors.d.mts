export const CUDA_ERRORS_FILE: string;
export const CUDA_ERRORS_CAPTURE: string;
export function cudaErrorsTable(captureText: string): {
  reviewedAt: string;
  note: string;
  source: string;
  errors: { number: number; runtime: string; driver?: string; text: string }[];
};
