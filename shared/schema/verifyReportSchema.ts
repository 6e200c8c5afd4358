import * as v from 'valibot';
import type { VerifyReport } from '../types/verify.js';
import { bool, integerIn, isoTime, list, matching, multilineText, numberIn, oneOf, text } from './safeText.js';

/**
 * A verify report read back: the history folder (verify:history, `verify --compare`) and every machine's report in
 * `dlsetup fleet report DIR`. Another machine's report is untrusted: no control characters (a terminal escape in a
 * GPU name would reach the fleet table), bounded sizes, finite numbers. Fields a newer DL Setup adds are dropped, not
 * refused, so an older one still reads its reports.
 */

const optional = v.optional;
/** An object whose unknown fields are dropped from what the reader sees. */
function fields<E extends v.ObjectEntries>(entries: E) {
  return v.object(entries, 'problem.notObject');
}

const key = matching(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/, 'problem.name', 64);
const id = matching(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/, 'problem.name', 100);
const checkCode = matching(/^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/, 'problem.code', 64);
const amount = numberIn(0, 1e12);
const prose = multilineText(20_000);
/** Names as tools print them (GPU, framework, paths): one line. */
const label = text(1000);

const metricValue = v.union([numberIn(-1e300, 1e300), text(2000)], 'problem.pattern');

export const verifyReportSchema = fields({
  framework: v.nullable(fields({ name: label, version: label, build: v.record(key, v.nullable(label), 'problem.notObject') })),
  devices: list(
    fields({ name: label, computeCapability: optional(text(40)), memoryMiB: optional(amount), freeMiB: optional(amount), index: optional(integerIn(0, 100_000)) }),
    1024,
  ),
  checks: list(
    fields({
      id,
      status: oneOf(['pass', 'fail', 'skip']),
      reason: optional(prose),
      code: optional(checkCode),
      metrics: optional(v.record(key, metricValue, 'problem.notObject')),
      source: optional(oneOf(['framework', 'toolkit', 'verify'])),
    }),
    1000,
  ),
  matmul: list(
    fields({
      dtype: matching(/^[A-Za-z0-9][A-Za-z0-9_.+-]{0,31}$/, 'problem.name', 32),
      tflops: amount,
      peakTflops: optional(amount),
      efficiency: optional(amount),
      device: optional(oneOf(['gpu', 'cpu'])),
      gflops: optional(amount),
      n: optional(integerIn(0, 1e9)),
      ms: optional(amount),
      timing: optional(text(100)),
    }),
    200,
  ),
  summary: fields({ passed: integerIn(0, 1e6), failed: integerIn(0, 1e6), skipped: integerIn(0, 1e6) }),
  createdAt: isoTime,
  fingerprint: v.record(key, v.nullable(label), 'problem.notObject'),
  schemaVersion: optional(integerIn(0, 10_000)),
  python: optional(v.nullable(fields({ path: label, version: v.nullable(text(100)) }))),
  tuning: optional(
    list(
      fields({ id, label, speedup: optional(amount), baselineMs: optional(amount), tunedMs: optional(amount), setting: optional(label), skipped: optional(prose) }),
      200,
    ),
  ),
  findings: optional(list(fields({ code: checkCode, message: prose, likelyCauses: list(prose, 100), subject: optional(label) }), 200)),
  bandwidth: optional(v.nullable(fields({ gbs: amount, peakGBs: optional(amount), efficiency: optional(amount) }))),
  spec: optional(v.nullable(fields({ name: label, source: text(4000) }))),
  toolkit: optional(v.nullable(fields({ nvcc: v.nullable(label), version: v.nullable(text(100)), cudnn: v.nullable(text(100)) }))),
  advice: optional(list(prose, 200)),
  warnings: optional(list(prose, 200)),
  durationMs: optional(amount),
  quick: optional(bool),
  sample: optional(fields({ basis: prose })),
  // Semantic Versioning 2.0.0's grammar (semver.org), bounded: the fleet compares these with the semver package.
  dlsetupVersion: optional(matching(/^\d{1,9}\.\d{1,9}\.\d{1,9}(?:-[0-9A-Za-z.-]{1,64})?(?:\+[0-9A-Za-z.-]{1,64})?$/, 'problem.pattern', 160)),
  // The machine's name, which exported scripts write into the report (the fleet table's first column).
  host: optional(matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/, 'problem.name', 253)),
  hostname: optional(matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/, 'problem.name', 253)),
});

export type VerifyReportFromSchema = v.InferOutput<typeof verifyReportSchema>;

/** Compile-time: a checked report is a VerifyReport, and every field of VerifyReport is checked. */
type Extends<A, B> = [A] extends [B] ? true : false;
const checkedIsReport: Extends<VerifyReportFromSchema, VerifyReport> = true;
const everyFieldChecked: Extends<keyof VerifyReport, keyof VerifyReportFromSchema> = true;
void checkedIsReport;
void everyFieldChecked;
