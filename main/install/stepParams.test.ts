import { describe, expect, it } from 'vitest';
import { ParamReader, checkPathUnder, checkUrl } from './stepParams.js';

/** What the helper or the runner sees when it parses params: the value, or the error's code and sentence. */
function outcome(read: () => unknown) {
  try {
    return { value: read() };
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message };
  }
}

describe('ParamReader: the install engine\'s last check on step params (the elevated helper parses with it too)', () => {
  it('a CUDA_HOME with a shell command in it is refused, naming the field', () => {
    expect(outcome(() => new ParamReader('env-vars', { cudaHome: '/usr/local/cuda-12.9;touch /tmp/x' }).path('cudaHome', ['/usr/local', '/opt']))).toEqual({
      code: 'INVALID_ARGUMENT',
      message: 'The plan\'s env-vars step is not valid: "cudaHome" ("/usr/local/cuda-12.9;touch /tmp/x") is not an accepted value.',
    });
    for (const bad of ['/usr/local/cuda $(id)', '/usr/local/cuda`id`', "/usr/local/cuda'", '/opt/a|b', '/opt/a&b', '/opt/*']) {
      expect(outcome(() => checkPathUnder('env-vars', 'CUDA_HOME', bad, ['/usr/local', '/opt'])), bad).toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    expect(outcome(() => checkPathUnder('env-vars', 'CUDA_HOME', '/usr/local/cuda-12.6', ['/usr/local', '/opt']))).toEqual({ value: '/usr/local/cuda-12.6' });
  });

  it('every control character is refused in text params, not only NUL and LF', () => {
    for (const char of ['\r', '\t', '\u001b', '\u0085', '\u2028', '\u2029', '\u202e']) {
      expect(outcome(() => new ParamReader('driver', { branch: `580${char}` }).optionalString('branch')), JSON.stringify(char)).toEqual({
        code: 'INVALID_ARGUMENT',
        message: 'The plan\'s driver step is not valid: "branch" contains a control character.',
      });
    }
  });

  it('URLs with a query, quotes or spaces are refused; https and loopback http pass', () => {
    for (const bad of ["https://example.com/x'y", 'https://example.com/a b', 'https://example.com/?x=$(id)']) {
      expect(outcome(() => checkUrl('framework', 'indexUrl', bad)), bad).toMatchObject({ code: 'INVALID_ARGUMENT' });
    }
    expect(outcome(() => checkUrl('framework', 'indexUrl', 'http://127.0.0.1:8080/whl'))).toEqual({ value: 'http://127.0.0.1:8080/whl' });
  });
});
