import { describe, expect, it } from 'vitest';
import { PLAN_STEP_KINDS } from '../../shared/schema/stepSchemas.js';
import { stepForKind } from './stepRegistry.js';

describe('stepForKind', () => {
  it('gives every plan step kind the step of that kind', () => {
    for (const kind of PLAN_STEP_KINDS) expect(stepForKind(kind).kind).toBe(kind);
  });

  it('refuses a kind it does not know, Object methods included', () => {
    for (const kind of ['reboot', 'constructor', '__proto__', 'toString']) {
      expect(() => stepForKind(kind)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }));
    }
  });
});
