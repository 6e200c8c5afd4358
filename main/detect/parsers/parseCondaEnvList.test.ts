import { describe, expect, it } from 'vitest';
import { parseCondaEnvList } from './parseCondaEnvList.js';

describe('parseCondaEnvList', () => {
  it('reads every env prefix, the base env included', () => {
    const text = '{\n  "envs": [\n    "/home/ana/miniconda3",\n    "/home/ana/miniconda3/envs/torch",\n    "/data/envs/jax"\n  ]\n}\n';
    expect(parseCondaEnvList(text)).toEqual(['/home/ana/miniconda3', '/home/ana/miniconda3/envs/torch', '/data/envs/jax']);
  });

  it('skips a warning printed before the JSON, and ignores extra keys', () => {
    const text = '==> WARNING: A newer version of conda exists. <==\n{"envs": ["/opt/conda", "/opt/conda"], "envs_details": {}}';
    expect(parseCondaEnvList(text)).toEqual(['/opt/conda']);
  });

  it('returns nothing for garbage or a truncated object', () => {
    expect(parseCondaEnvList('{"envs": ["/opt/con')).toEqual([]);
    expect(parseCondaEnvList('CondaError: Run conda init')).toEqual([]);
    expect(parseCondaEnvList('{"envs": "nope"}')).toEqual([]);
  });
});
