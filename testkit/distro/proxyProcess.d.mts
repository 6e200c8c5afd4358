export function startProxyProcess(tally: string, bytesPerSecond?: number): Promise<{ url: string; stop(): Promise<void> }>;
