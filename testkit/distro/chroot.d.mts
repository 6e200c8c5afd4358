export function mountSystemDirs(root: string, options?: { archives?: string; binds?: { from: string; to: string; readOnly?: boolean }[] }): () => void;
export function inChroot(root: string, argv: string[], options?: { env?: Record<string, string> }): void;
