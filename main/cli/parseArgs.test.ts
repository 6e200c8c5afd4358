import { describe, expect, it } from 'vitest';
import { parseArgs } from './parseArgs.js';

const specs = {
  json: { type: 'boolean', description: '' },
  framework: { type: 'string', description: '', values: ['pytorch', 'jax'] },
  python: { type: 'string', description: '' },
} as const;

describe('parseArgs', () => {
  it('reads booleans, values in both spellings and positionals', () => {
    expect(parseArgs(['--json', '--framework', 'jax', '--python=3.12', 'file.txt'], specs, 1)).toEqual({
      flags: { json: true, framework: 'jax', python: '3.12' },
      positionals: ['file.txt'],
    });
  });

  it('accepts "-" as a positional (standard input)', () => {
    expect(parseArgs(['-'], specs, 1).positionals).toEqual(['-']);
  });

  it.each([
    [['--nope'], 'unknown option "--nope"'],
    [['-x'], 'unknown option "-x"'],
    [['--framework', 'caffe'], 'option "--framework" must be one of: pytorch, jax'],
    [['--python'], 'option "--python" needs a value'],
    [['--json=yes'], 'option "--json" takes no value'],
    [['a', 'b'], 'unexpected argument "b"'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv, specs, 1)).toThrow(expect.objectContaining({ name: 'UsageError', code: 'INVALID_ARGUMENT', message }));
  });
});
