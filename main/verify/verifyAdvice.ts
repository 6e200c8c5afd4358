import type { TuningResult } from '../../shared/types/verify.js';

/** Advice that needs no measurement, in plain words (issue 6: pinned memory, empty_cache caveats). */
export const STATIC_ADVICE = [
  'Data loading: use DataLoader(pin_memory=True) and num_workers > 0 so copies to the GPU overlap with compute; a GPU waiting for data shows low utilisation in nvidia-smi.',
  'Memory: torch.cuda.empty_cache() only returns cached blocks to the driver so other programs can use them; it does not make your own model fit, and calling it every step slows training.',
  'Memory: PyTorch keeps freed memory cached, so nvidia-smi shows more in use than torch.cuda.memory_allocated(); out-of-memory errors are fixed by smaller batches, mixed precision or gradient checkpointing.',
];

/** One sentence per measured tuning setting: keep it when it helped, say so when it did not. */
export function tuningAdvice(tuning: TuningResult[]): string[] {
  return tuning.map((entry) => {
    if (entry.skipped || !entry.speedup) return `${entry.label}: not measured (${entry.skipped ?? 'no result'}).`;
    const how = entry.setting ? ` (${entry.setting})` : '';
    if (entry.speedup >= 1.1) return `${entry.label}: ${entry.speedup.toFixed(2)}x faster on this GPU; turn it on${how}.`;
    if (entry.speedup <= 0.9) return `${entry.label}: ${entry.speedup.toFixed(2)}x (slower) on this GPU; leave it off.`;
    return `${entry.label}: no measurable difference on this GPU (${entry.speedup.toFixed(2)}x).`;
  });
}
