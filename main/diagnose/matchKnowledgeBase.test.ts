import { describe, expect, it } from 'vitest';
import { diagnoseText } from './diagnoseText.js';
import { loadKnowledgeBase } from './knowledgeBase.js';
import { matchKnowledgeBase, MAX_LINE, type MatchStats } from './matchKnowledgeBase.js';

const stats = (): MatchStats => ({ linesExamined: 0, patternRuns: 0, examinedStarts: new Set() });
const kb = loadKnowledgeBase();
const maxRunsPerLine = kb.entries.reduce((sum, entry) => sum + entry.triggers.length + entry.extractors.length, 0);

/** Realistic filler: TensorFlow start-up chatter that mentions CUDA but is no error. */
function quietLog(bytes: number): string[] {
  const lines: string[] = [];
  let size = 0;
  for (let index = 0; size < bytes; index += 1) {
    const line = `2021-04-09 19:52:${String(index % 60).padStart(2, '0')}.${String(index).padStart(6, '0')}: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1418] step ${index}: loss=${(index % 97) / 10} lr=0.001 cuda stream ok`;
    lines.push(line);
    size += line.length + 1;
  }
  return lines;
}

describe('matchKnowledgeBase', () => {
  it('finds the one error in the middle of a 10 MB log, with its line number', () => {
    const lines = quietLog(10 * 1024 * 1024);
    const middle = Math.floor(lines.length / 2);
    lines.splice(middle, 0, "2021-04-09 19:52:41.024315: W tensorflow/stream_executor/platform/default/dso_loader.cc:60] Could not load dynamic library 'libcudart.so.11.0'; dlerror: libcudart.so.11.0: cannot open shared object file: No such file or directory");
    const result = diagnoseText(lines.join('\n'));
    expect(result.kind).toBe('log');
    expect(result.diagnoses.map((diagnosis) => diagnosis.code)).toEqual(['CUDA_LIB_MISSING']);
    expect(result.diagnoses[0]?.evidence?.line).toBe(middle + 1);
    expect(result.diagnoses[0]?.title).toBe('CUDA 11 library libcudart.so.11.0 is missing');
  });

  it('looks at no line of 1 MB of "a" (the prefilter finds no literal)', () => {
    const counters = stats();
    expect(matchKnowledgeBase('a'.repeat(1024 * 1024), kb, counters)).toEqual([]);
    expect(counters.linesExamined).toBe(0);
    const lines = Array.from({ length: 2000 }, () => 'a'.repeat(500)).join('\n');
    expect(matchKnowledgeBase(lines, kb, counters)).toEqual([]);
    expect(counters.linesExamined).toBe(0);
  });

  it('examines each near-miss line exactly once, with a bounded number of pattern runs', () => {
    // Every line holds literals of several entries but completes none of their patterns.
    const nearMiss = 'Loaded runtime CuDNN library: 7.x but source was compiled with: ?? cannot open shared object file Tried to allocate lots';
    for (const count of [1000, 4000]) {
      const counters = stats();
      const text = Array.from({ length: count }, () => nearMiss).join('\n');
      expect(matchKnowledgeBase(text, kb, counters)).toEqual([]);
      expect(counters.linesExamined).toBe(count);
      expect(counters.examinedStarts?.size).toBe(count);
      expect(counters.patternRuns).toBeLessThanOrEqual(count * maxRunsPerLine);
    }
  });

  it('cuts a 2 MB line into windows: work grows with the length, not its square', () => {
    const unit = 'CUDA out of memor! Loaded runtime CuDNN library: ';
    const counters = stats();
    const text = unit.repeat(Math.ceil((2 * 1024 * 1024) / unit.length));
    matchKnowledgeBase(text, kb, counters);
    // Each window moves the scan forward by at least MAX_LINE / 2 characters.
    expect(counters.linesExamined).toBeLessThanOrEqual(Math.ceil(text.length / (MAX_LINE / 2)) + 1);
    expect(counters.linesExamined).toBeGreaterThan(0);
  });

  it('doubling the input doubles the work exactly (same shape, no hidden rescans)', () => {
    const block = ['all good here', 'Failed to initialize NVML: Unknown Err', 'libcudnn.so.8: cannot open shared object fil', 'more text'].join('\n');
    const run = (copies: number) => {
      const counters = stats();
      matchKnowledgeBase(Array.from({ length: copies }, () => block).join('\n'), kb, counters);
      return counters;
    };
    const once = run(5000);
    const twice = run(10000);
    expect(twice.linesExamined).toBe(2 * once.linesExamined);
    expect(twice.patternRuns).toBe(2 * once.patternRuns);
  });
});
