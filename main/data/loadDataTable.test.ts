import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cudaToolkitTableSchema } from '../../shared/data/cudaToolkitsSchema.js';
import { gpuTableSchema } from '../../shared/data/gpusSchema.js';
import { pytorchTableSchema } from '../../shared/data/pytorchSchema.js';
import { DlsetupError } from '../../shared/errors.js';
import { sayError } from '../../shared/i18n/sayError.js';
import { dataDir } from '../appPaths.js';
import { dataTablePath, loadDataTable } from './loadDataTable.js';

const savedDataDir = process.env.DLSETUP_DATA_DIR;
const dirs: string[] = [];

afterEach(() => {
  if (savedDataDir === undefined) delete process.env.DLSETUP_DATA_DIR;
  else process.env.DLSETUP_DATA_DIR = savedDataDir;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const REMOVE = Symbol('remove');

/**
 * data/<name>.json as shipped with the value at `at` replaced (or removed), put where DLSETUP_DATA_DIR points: a fresh
 * folder each time, since the cache is per file.
 */
function brokenTable(name: string, at: (string | number)[], value: unknown): void {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-data-'));
  dirs.push(dir);
  const table = JSON.parse(readFileSync(path.join(dataDir, `${name}.json`), 'utf8')) as Record<string, unknown>;
  const parent = at.slice(0, -1).reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, table);
  const last = at[at.length - 1]!;
  if (value === REMOVE) delete parent[last];
  else parent[last] = value;
  writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(table));
  process.env.DLSETUP_DATA_DIR = dir;
}

function refusalOf(load: () => unknown): DlsetupError {
  try {
    load();
  } catch (error) {
    if (error instanceof DlsetupError) return error;
    throw error;
  }
  throw new Error('the broken table was accepted');
}

describe('loadDataTable: a broken table is refused at load, naming the file and the field', () => {
  it('a wrong type deep inside a row', () => {
    brokenTable('pytorch', ['releases', 2, 'variants', 1, 'platforms', 0], 7);
    const error = refusalOf(() => loadDataTable('pytorch', pytorchTableSchema));
    expect(error.code).toBe('DATA_OUT_OF_DATE');
    expect(error.detail).toBe(dataTablePath('pytorch'));
    expect(error.message).toBe(
      "DL Setup's data file pytorch.json does not match its schema: releases[2].variants[1].platforms[0] is not accepted: it must be text. Reinstall DL Setup, or fix that field of the file and its source.",
    );
    expect(sayError(error, 'zh-CN')).toBe(
      'DL Setup 的数据文件 pytorch.json 与其 schema 不符：releases[2].variants[1].platforms[0] 不被接受：它必须是文本。请重新安装 DL Setup，或修正文件中的这个字段及其来源。',
    );
  });

  it('a missing field', () => {
    brokenTable('cuda-toolkits', ['releases', 5, 'label'], REMOVE);
    const error = refusalOf(() => loadDataTable('cuda-toolkits', cudaToolkitTableSchema));
    expect(error.message).toBe(
      "DL Setup's data file cuda-toolkits.json does not match its schema: releases[5].label is not accepted: it is missing. Reinstall DL Setup, or fix that field of the file and its source.",
    );
    expect(sayError(error, 'zh-CN')).toBe('DL Setup 的数据文件 cuda-toolkits.json 与其 schema 不符：releases[5].label 不被接受：缺少此项。请重新安装 DL Setup，或修正文件中的这个字段及其来源。');
  });

  it('a field the schema does not know (a misspelt name is refused, not read as absent)', () => {
    brokenTable('gpus', ['gpus', 0, 'memoryMb'], 2048);
    const error = refusalOf(() => loadDataTable('gpus', gpuTableSchema));
    expect(error.message).toBe(
      "DL Setup's data file gpus.json does not match its schema: gpus[0].memoryMb is not accepted: DL Setup does not know this field, so it refuses it rather than ignore it. Reinstall DL Setup, or fix that field of the file and its source.",
    );
  });

  it('a row without its source', () => {
    brokenTable('gpus', ['gpus', 4, 'source'], ' ');
    expect(refusalOf(() => loadDataTable('gpus', gpuTableSchema)).message).toContain('gpus[4].source is not accepted: it must name its source');
  });

  it('reads the shipped table once per process and gives the same checked object again', () => {
    const first = loadDataTable('gpus', gpuTableSchema);
    expect(first.gpus.length).toBeGreaterThan(40);
    expect(loadDataTable('gpus', gpuTableSchema)).toBe(first);
  });

  it('a file that is not JSON is still said as damaged', () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-data-'));
    dirs.push(dir);
    writeFileSync(path.join(dir, 'gpus.json'), '{ "reviewedAt": ');
    process.env.DLSETUP_DATA_DIR = dir;
    expect(refusalOf(() => loadDataTable('gpus', gpuTableSchema)).message).toBe("DL Setup's data file gpus.json is missing or damaged; reinstall DL Setup.");
  });
});
