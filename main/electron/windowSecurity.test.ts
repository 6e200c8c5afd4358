import { describe, expect, it } from 'vitest';
import { isTrustedSender } from './windowSecurity.js';

describe('isTrustedSender', () => {
  it('trusts only the top frame of app://dlsetup', () => {
    expect(isTrustedSender('app://dlsetup/index.html', true)).toBe(true);
    expect(isTrustedSender('app://dlsetup/index.html', false)).toBe(false);
    expect(isTrustedSender('app://evil/index.html', true)).toBe(false);
    expect(isTrustedSender('https://dlsetup/index.html', true)).toBe(false);
    expect(isTrustedSender('file:///opt/DL Setup/index.html', true)).toBe(false);
    expect(isTrustedSender(undefined, true)).toBe(false);
    expect(isTrustedSender('not a url', true)).toBe(false);
  });
});
