/** One file of an export, as the generators return it and writeExportFiles writes it. */
export interface ExportFile {
  /** Relative to the output folder, '/'-separated. */
  path: string;
  content: string;
  /** File mode (0o755 for scripts); 0o644 when absent. */
  mode?: number;
}
