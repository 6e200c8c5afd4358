import { describe, expect, it } from 'vitest';
import { DlsetupError } from '../../shared/errors.js';
import { CREDENTIAL_SHAPES } from '../../testkit/secrets/credentialShapes.js';
import { testHandlers } from '../../testkit/transport/testHandlers.js';
import { dispatch } from './dispatch.js';

describe('dispatch: an error that quotes a credential goes back to the wizard or a serve client redacted', () => {
  it.each(CREDENTIAL_SHAPES)('$name', async ({ line, secrets }) => {
    const handlers = testHandlers({
      'mirror:check': async () => {
        throw new DlsetupError('NETWORK', `The mirror could not be reached: ${line}`, { detail: line });
      },
    });
    const result = await dispatch(handlers, 'mirror:check', { url: 'https://pypi.org/simple', timeoutMs: 1000 });
    expect(result.ok).toBe(false);
    const answer = JSON.stringify(result);
    for (const secret of secrets) expect(answer).not.toContain(secret);
    expect(answer).toContain('[redacted]');
  });
});
