import { readFileSync, readdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { diagnoseText } from '../../diagnose/diagnoseText.js';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseNvidiaSmiXml } from './parseNvidiaSmiXml.js';
import { readXml, xmlChild, xmlText, type XmlElement, type XmlStats } from './readXml.js';

const HEAD = '<?xml version="1.0" ?>\n<nvidia_smi_log>';
/** Pasted into Troubleshoot, each of these froze the engine (issue 15: 7.9 s for the first). */
const HOSTILE: Record<string, (n: number) => string> = {
  'unclosed attribute-less tags': (n) => HEAD + '<a '.repeat(n),
  'deep nesting': (n) => HEAD + '<a>'.repeat(n) + '</a>'.repeat(n),
  'unclosed deep nesting': (n) => HEAD + '<a>'.repeat(n),
  'a huge attribute': (n) => `${HEAD}<a k="${'v'.repeat(n * 3)}`,
  'many attributes, no end': (n) => `${HEAD}<a${' k=v'.repeat(n)}`,
  'unterminated comments and CDATA': (n) => HEAD + '<!--<![CDATA['.repeat(n),
  'stray closing tags': (n) => HEAD + '<b>'.repeat(100) + '</c>'.repeat(n),
  'deep, then stray closing tags': (n) => HEAD + '<a>'.repeat(n / 2) + '</c>'.repeat(n / 2),
  'entities': (n) => `${HEAD}<x>${'&amp;&#x41;&#65;&bogus;&#99999999;'.repeat(n / 10)}</x>`,
};

describe('readXml is linear on hostile input', () => {
  it('does a bounded amount of work per character, at every size (the deterministic proof; wall time wobbles with GC)', () => {
    for (const [name, make] of Object.entries(HOSTILE)) {
      for (const n of [2_000, 20_000, 200_000]) {
        const text = make(n);
        const stats: XmlStats = { steps: 0 };
        readXml(text, stats);
        expect(stats.steps, `${name} × ${n}`).toBeLessThanOrEqual(text.length);
      }
    }
  });

  it('the shape from issue 15 still reads as an nvidia_smi_log, and diagnose gets the result at once', () => {
    const text = HOSTILE['unclosed attribute-less tags']!(20_000);
    expect(readXml(text)?.name).toBe('nvidia_smi_log');
    expect(parseNvidiaSmiXml(text)).toMatchObject({ gpus: [] });
    const start = performance.now();
    expect(diagnoseText(text).kind).toBe('nvidia-smi-xml');
    expect(performance.now() - start).toBeLessThan(1_000);
  });

  it('10,000 levels deep neither overflows the stack nor loses the path', () => {
    const root = readXml(`${HEAD}${'<a>'.repeat(10_000)}<b>deep</b>${'</a>'.repeat(10_000)}</nvidia_smi_log>`);
    let element: XmlElement | undefined = root ?? undefined;
    let depth = 0;
    while (element && xmlChild(element, 'a')) {
      element = xmlChild(element, 'a');
      depth += 1;
    }
    expect(depth).toBe(10_000);
    expect(xmlText(element, 'b')).toBe('deep');
  });
});

describe('readXml keeps its tolerant reading', () => {
  it('decodes entities, CDATA and attributes, skips prolog, DOCTYPE and comments, closes what is left open', () => {
    const root = readXml('<?xml version="1.0"?><!DOCTYPE a SYSTEM "x.dtd"><a k=\'v\' n="1 &amp; 2"><!-- c --><b>1 &lt; 2</b><c><![CDATA[<raw>]]></c><d><e>open');
    expect(root?.name).toBe('a');
    expect(root?.attributes).toEqual({ k: 'v', n: '1 & 2' });
    expect(xmlText(root, 'b')).toBe('1 < 2');
    expect(xmlText(root, 'c')).toBe('<raw>');
    expect(xmlText(root, 'd/e')).toBe('open');
  });

  it('a stray closing tag pops back to its opener; one with no opener is ignored', () => {
    const root = readXml('<r><a><b>x</a><c>y</c></z><d/></r>');
    expect(root?.children.map((child) => child.name)).toEqual(['a', 'c', 'd']);
    expect(xmlText(root, 'a/b')).toBe('x');
  });

  it('keeps names as written (case, dashes, dots) and text split around children', () => {
    const root = readXml('<Log><GPU-Name.x>A</GPU-Name.x>before<child/>after</Log>');
    expect(root?.name).toBe('Log');
    expect(xmlText(root, 'GPU-Name.x')).toBe('A');
    expect(root?.text).toBe('beforeafter');
  });

  it('no element at all → null; not a string → null', () => {
    for (const text of ['', 'plain text', '<!-- only a comment -->', '<?xml version="1.0"?>']) expect(readXml(text), text).toBeNull();
    expect(readXml(42 as unknown as string)).toBeNull();
  });

  it('every real capture keeps the same tree as before (driver and every GPU product name)', () => {
    for (const file of readdirSync(fixturePath('nvidia-smi-xml')).filter((name) => name.endsWith('.xml'))) {
      const root = readXml(readFileSync(fixturePath('nvidia-smi-xml', file), 'utf8'));
      expect(root?.name, file).toBe('nvidia_smi_log');
      expect(xmlText(root, 'driver_version'), file).toMatch(/^\d+\.\d+/);
      for (const gpu of root!.children.filter((child) => child.name === 'gpu')) expect(gpu.attributes.id, file).toMatch(/^[0-9A-Fa-f:.]+$/);
    }
  });
});
