export interface ArchiveProxy {
  url: string;
  port: number;
  bytes(): number;
  requests(): number;
  close(): Promise<void>;
}
export function startArchiveProxy(options?: { port?: number; tally?: string }): Promise<ArchiveProxy>;
