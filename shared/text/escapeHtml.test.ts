import { describe, expect, it } from 'vitest';
import { escapeHtml } from './escapeHtml.js';

describe('escapeHtml', () => {
  it('escapes the five characters that end text or an attribute, and nothing else', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')"> & 显卡`)).toBe('&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt; &amp; 显卡');
  });

  it('writes numbers as text and null or undefined as nothing', () => {
    expect(escapeHtml(3912)).toBe('3912');
    expect(escapeHtml(null)).toBe('');
    expect(escapeHtml(undefined)).toBe('');
  });
});
