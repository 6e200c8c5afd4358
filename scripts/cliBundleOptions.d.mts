import type { BuildOptions } from 'esbuild';
export function cliBundleOptions(root: string, outdir: string): BuildOptions;
