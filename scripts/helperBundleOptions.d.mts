import type { BuildOptions } from 'esbuild';

export function helperBundleOptions(root: string, outfile: string): BuildOptions;
