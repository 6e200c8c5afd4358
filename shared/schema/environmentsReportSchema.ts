import * as v from 'valibot';
import { integerIn, isoTime, list, matching, numberIn, oneOf, text } from './safeText.js';
import { FRAMEWORK_IDS } from '../frameworks/registry.js';

/**
 * An environments report read back (issue 20): the history folder (`verify --all` changes since the last run) and every
 * machine's report in `dlsetup fleet report DIR`. Untrusted like a verify report: one-line bounded text, bounded lists,
 * finite numbers; unknown fields are dropped.
 */
const fields = <E extends v.ObjectEntries>(entries: E) => v.object(entries, 'problem.notObject');
const label = text(1000);
const verdict = oneOf(['works', 'needsDriver', 'noKernels', 'cpuOnly', 'broken', 'unknown']);
const changeSide = v.nullable(oneOf(['works', 'needsDriver', 'noKernels', 'cpuOnly', 'broken', 'unknown', 'checkFailed', 'absent']));

const framework = fields({
  framework: oneOf(FRAMEWORK_IDS),
  distribution: text(200),
  version: text(200),
  variant: v.nullable(text(100)),
  kind: oneOf(['cuda', 'rocm', 'cpu', 'unknown']),
  cuda: v.optional(text(40)),
  cudnn: v.optional(text(40)),
  verdict,
  driverFloor: v.optional(text(40)),
  detail: v.optional(text(2000)),
});

export const environmentsReportSchema = fields({
  gpu: v.nullable(fields({ name: label, computeCapability: v.nullable(text(10)) })),
  driver: v.nullable(text(40)),
  environments: list(
    fields({
      path: label,
      name: label,
      kind: text(40),
      python: text(40),
      frameworks: list(framework, 10),
      bundled: fields({ cudaRuntime: v.optional(text(40)), cudnn: v.optional(text(40)) }),
      verdict: v.nullable(verdict),
      notChecked: v.optional(oneOf(['unreadable', 'otherUser', 'overLimits'])),
      check: v.optional(
        fields({
          passed: integerIn(0, 1000),
          failed: integerIn(0, 1000),
          firstFailure: v.optional(fields({ id: text(100), reason: text(2000) })),
          durationMs: numberIn(0, 1e9),
        }),
      ),
    }),
    500,
  ),
  durationMs: numberIn(0, 1e9),
  createdAt: v.optional(isoTime),
  host: v.optional(matching(/^[A-Za-z0-9][A-Za-z0-9._-]{0,252}$/, 'problem.name', 253)),
  since: v.optional(fields({ createdAt: isoTime, driver: v.nullable(text(40)), changes: list(fields({ path: label, name: label, from: changeSide, to: changeSide, fromFloor: v.optional(text(40)), toFloor: v.optional(text(40)), cause: v.optional(oneOf(['driver', 'packages'])) }), 500) })),
});
