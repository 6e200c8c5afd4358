import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from './redactSecrets.js';

describe('redactSecrets', () => {
  it('hides the serve token in the URL it prints, in a cookie and in a Bearer header', () => {
    const token = 'Zq3_xY-9aBcDeFgHiJkLmNoPqRsTuVwX';
    const lines = [
      `DL Setup is serving the wizard at:\n  http://127.0.0.1:8765/?token=${token}\nKeep this URL private.`,
      `GET /?lang=en&token=${token}&x=1`,
      `Cookie: dlsetup_token=${token}; other=1`,
      `Set-Cookie: dlsetup_token=${token}; HttpOnly; SameSite=Strict; Path=/`,
      `Authorization: Bearer ${token}`,
      `{"authorization":"Bearer ${token}","channel":"app:info"}`,
      `retrying with bearer ${token}`,
    ];
    for (const line of lines) {
      const redacted = redactSecrets(line);
      expect(redacted, line).not.toContain(token);
      expect(redacted).toContain(REDACTED);
    }
    expect(redactSecrets(`http://127.0.0.1:8765/?token=${token}\nKeep this URL private.`)).toBe(`http://127.0.0.1:8765/?token=${REDACTED}\nKeep this URL private.`);
    expect(redactSecrets(`GET /?lang=en&token=${token}&x=1`)).toBe(`GET /?lang=en&token=${REDACTED}&x=1`);
  });

  it('hides proxy passwords and keeps the user and host a person needs to recognise the proxy', () => {
    expect(redactSecrets('pip install --proxy http://alice:s3cr%40t@proxy.example:3128 torch')).toBe(`pip install --proxy http://alice:${REDACTED}@proxy.example:3128 torch`);
    expect(redactSecrets('HTTPS_PROXY=https://bob:pw@10.0.0.1:8080/')).toBe(`HTTPS_PROXY=https://bob:${REDACTED}@10.0.0.1:8080/`);
    expect(redactSecrets('Proxy-Authorization: Basic Ym9iOnB3')).toBe(`Proxy-Authorization: ${REDACTED}`);
  });

  it('hides values named as passwords, tokens, secrets and keys', () => {
    expect(redactSecrets('PIP_PASSWORD=hunter2 HF_TOKEN=hf_abc')).toBe(`PIP_PASSWORD=${REDACTED} HF_TOKEN=${REDACTED}`);
    expect(redactSecrets('{"api_key": "k-123", "client_secret":"s"}')).toBe(`{"api_key": "${REDACTED}", "client_secret":"${REDACTED}"}`);
  });

  it('leaves ordinary lines alone: package pins, sentences about tokens, URLs without a password', () => {
    for (const line of [
      'pip install tokenizers==0.15.2 transformers',
      'Keep this URL private: it carries the access token.',
      'git clone https://user@github.com/example/repo',
      'Downloading https://download.pytorch.org/whl/cu124/torch-2.5.1%2Bcu124-cp312-cp312-linux_x86_64.whl (2.4 GB)',
    ]) {
      expect(redactSecrets(line)).toBe(line);
    }
  });
});
