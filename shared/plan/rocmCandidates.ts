import type { FrameworkBuild } from './frameworkBuilds.js';
import type { Candidate, Context, Failure } from './resolverTypes.js';

/** A build against this machine's AMD GPU: a candidate when it has the gfx target, or (only when collecting) why not. */
export function evaluateRocm(ctx: Context, build: FrameworkBuild, python: string, collect: boolean): Candidate | Failure | null {
  if (build.kind !== 'rocm') return null;
  if (build.gfx?.includes(ctx.gpu.gfxArch!)) return { build, python, match: 'native', driver: { action: 'none' } };
  if (!collect) return null;
  const gfx = String(ctx.gpu.gfxArch);
  return { code: 'NO_KERNELS_FOR_GPU', build, message: (say) => say('failure.rocmUnsupportedGfx', { version: build.version, variant: build.variant, gfx }) };
}
