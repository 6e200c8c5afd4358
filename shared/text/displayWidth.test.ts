import { describe, expect, it } from 'vitest';
import { displayWidth, padEndToWidth } from './displayWidth.js';
import { terminalStyle } from './terminalStyle.js';

describe('displayWidth', () => {
  it('counts Latin text one column per character and CJK two', () => {
    expect(displayWidth('Driver')).toBe(6);
    expect(displayWidth('驱动')).toBe(4);
    expect(displayWidth('CUDA 工具包')).toBe(11);
    expect(displayWidth('')).toBe(0);
  });

  it('counts full-width punctuation two and curly quotes one', () => {
    expect(displayWidth('（）：，。')).toBe(10);
    expect(displayWidth('“nvcc”')).toBe(6);
  });

  it('counts Hangul, kana and CJK beyond the BMP two', () => {
    expect(displayWidth('한글')).toBe(4);
    expect(displayWidth('カナ')).toBe(4);
    expect(displayWidth('𠀀')).toBe(2);
  });

  it('ignores the product\'s colours, and counts a control character from outside as its six-column escape', () => {
    expect(displayWidth(terminalStyle(true).bold('组件'))).toBe(4);
    expect(displayWidth('\u001b[1m组件')).toBe(6 + 3 + 4);
    expect(displayWidth('x\u202e')).toBe(7);
  });
});

describe('padEndToWidth', () => {
  it('pads to display columns, not characters', () => {
    expect(padEndToWidth('驱动', 8)).toBe('驱动    ');
    expect(padEndToWidth('Driver', 8)).toBe('Driver  ');
  });

  it('never shortens text that is already wider', () => {
    expect(padEndToWidth('CUDA 工具包', 4)).toBe('CUDA 工具包');
  });
});
