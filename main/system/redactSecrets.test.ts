import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets, redactSecretsIn } from './redactSecrets.js';
import { CREDENTIAL_SHAPES, BENIGN_LINES } from '../../testkit/secrets/credentialShapes.js';

describe('redactSecrets', () => {
  it.each(CREDENTIAL_SHAPES)('hides $name', ({ line, secrets }) => {
    const redacted = redactSecrets(line);
    for (const secret of secrets) expect(redacted, `${line} → ${redacted}`).not.toContain(secret);
    expect(redacted).toContain(REDACTED);
    // Redacting twice changes nothing: text that went through one boundary can go through another.
    expect(redactSecrets(redacted)).toBe(redacted);
  });

  it(`covers at least 30 credential shapes (${CREDENTIAL_SHAPES.length}) and 10 ordinary lines (${BENIGN_LINES.length})`, () => {
    expect(CREDENTIAL_SHAPES.length).toBeGreaterThanOrEqual(30);
    expect(BENIGN_LINES.length).toBeGreaterThanOrEqual(10);
  });

  it.each(BENIGN_LINES)('leaves ordinary text alone: %s', (line) => {
    expect(redactSecrets(line)).toBe(line);
  });

  it('removes the whole user info of a URL and keeps the host a person needs to recognise it', () => {
    expect(redactSecrets('pip install --proxy http://alice:s3cr%40t@proxy.example:3128 torch')).toBe(`pip install --proxy http://${REDACTED}@proxy.example:3128 torch`);
    expect(redactSecrets('HTTPS_PROXY=https://bob:p@ss@10.0.0.1:8080/')).toBe(`HTTPS_PROXY=https://${REDACTED}@10.0.0.1:8080/`);
    expect(redactSecrets('fetching https://ghp_x@github.com/org/repo.git')).toBe(`fetching https://${REDACTED}@github.com/org/repo.git`);
    expect(redactSecrets('GET /?lang=en&token=abc123&x=1')).toBe(`GET /?lang=en&token=${REDACTED}&x=1`);
    expect(redactSecrets('Proxy-Authorization: Basic Ym9iOnB3')).toBe(`Proxy-Authorization: ${REDACTED}`);
  });

  it('redacts every string inside an event or a journal entry and keeps its shape', () => {
    const event = { type: 'step-log', seq: 3, line: 'Looking in indexes: https://u:pw@idx.example/simple', command: { argv: ['pip', '--proxy', 'http://u:pw@p:3128'], exitCode: 0 } };
    expect(redactSecretsIn(event)).toEqual({
      type: 'step-log',
      seq: 3,
      line: `Looking in indexes: https://${REDACTED}@idx.example/simple`,
      command: { argv: ['pip', '--proxy', `http://${REDACTED}@p:3128`], exitCode: 0 },
    });
    expect(event.line).toContain('u:pw@');
  });

  it('stays linear on long hostile lines', () => {
    const started = performance.now();
    for (const line of ['a-'.repeat(20_000), `http://${'a'.repeat(40_000)}`, `${'token'.repeat(8_000)}=`, `"password": "${'\\'.repeat(40_000)}`, `x://${'@'.repeat(40_000)}`]) redactSecrets(line);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
