import { describe, expect, it } from 'vitest';
import { mirrorCopies } from '../../download/mirrorFiles.js';
import { pipReportsWithoutDownload, readPipReport } from './pipReport.js';

// `pip install --dry-run --report` as pip 26.2.1 wrote it against a loopback index (environment block trimmed).
const PIP_26_REPORT = JSON.stringify({
  version: '1',
  pip_version: '26.2.1',
  install: [
    {
      download_info: { url: 'http://127.0.0.1:8765/demo_pkg-1.0-py3-none-any.whl', archive_info: { hashes: { sha256: 'f1a6db654bc38a0e6dfdb65c5d1efbcaaeadf4a1c48ed7db17828579c8d281f2' } } },
      is_direct: false,
      is_yanked: false,
      requested: true,
      metadata: { metadata_version: '2.1', name: 'demo-pkg', version: '1.0' },
    },
  ],
});

describe('pip report', () => {
  it('reads each wheel: URL, sha256 and its real file name (%2B decoded, as pip names local wheels)', () => {
    expect(readPipReport(PIP_26_REPORT)).toEqual({
      kind: 'wheels',
      wheels: [{ name: 'demo-pkg', version: '1.0', url: 'http://127.0.0.1:8765/demo_pkg-1.0-py3-none-any.whl', sha256: 'f1a6db654bc38a0e6dfdb65c5d1efbcaaeadf4a1c48ed7db17828579c8d281f2', fileName: 'demo_pkg-1.0-py3-none-any.whl' }],
    });
    // pip 22.2-22.x wrote only archive_info.hash ("sha256=…").
    const torch = readPipReport(JSON.stringify({ install: [{ download_info: { url: 'https://download.pytorch.org/whl/cu124/torch-2.5.1%2Bcu124-cp311-cp311-linux_x86_64.whl#sha256=x', archive_info: { hash: `sha256=${'a'.repeat(64)}` } }, metadata: { name: 'torch', version: '2.5.1+cu124' } }] }));
    expect(torch).toMatchObject({ kind: 'wheels', wheels: [{ fileName: 'torch-2.5.1+cu124-cp311-cp311-linux_x86_64.whl', url: 'https://download.pytorch.org/whl/cu124/torch-2.5.1%2Bcu124-cp311-cp311-linux_x86_64.whl', sha256: 'a'.repeat(64) }] });
  });

  it('names what pip must fetch itself: an sdist, a file without sha256, a local path', () => {
    const report = readPipReport(JSON.stringify({ install: [
      { download_info: { url: 'https://files.pythonhosted.org/packages/aa/bb/x/antlr4-python3-runtime-4.9.3.tar.gz', archive_info: { hashes: { sha256: 'b'.repeat(64) } } }, metadata: { name: 'antlr4-python3-runtime' } },
      { download_info: { url: 'https://example.org/simple/y-1.0-py3-none-any.whl', archive_info: {} }, metadata: { name: 'y' } },
      { download_info: { url: 'file:///home/u/z-1.0-py3-none-any.whl', archive_info: { hashes: { sha256: 'c'.repeat(64) } } }, metadata: { name: 'z' } },
    ] }));
    expect(report).toEqual({ kind: 'notAllWheels', files: ['https://files.pythonhosted.org/packages/aa/bb/x/antlr4-python3-runtime-4.9.3.tar.gz', 'y-1.0-py3-none-any.whl', 'file:///home/u/z-1.0-py3-none-any.whl'] });
  });

  it('trusts the dry run to skip downloads from pip 25.3 on (pypa/pip#13482)', () => {
    expect(['22.2', '24.2', '25.2.1'].map(pipReportsWithoutDownload)).toEqual([false, false, false]);
    expect(['25.3', '26.2.1'].map(pipReportsWithoutDownload)).toEqual([true, true]);
  });
});

describe('mirror copies of a file (data/mirrors.json files)', () => {
  it('a PyPI file: official first, then TUNA, Aliyun, USTC and SJTUG under their own prefixes', () => {
    const path = '6a/df/a6ef77a6574781a668791419ffe366c8acd1c3cf4709d210cb53cd5ce1c2/pip-22.0.3-py3-none-any.whl';
    expect(mirrorCopies(`https://files.pythonhosted.org/packages/${path}`)).toEqual([
      { id: 'official', url: `https://files.pythonhosted.org/packages/${path}` },
      { id: 'tuna', url: `https://pypi.tuna.tsinghua.edu.cn/packages/${path}` },
      { id: 'aliyun', url: `https://mirrors.aliyun.com/pypi/packages/${path}` },
      { id: 'ustc', url: `https://mirrors.ustc.edu.cn/pypi/packages/${path}` },
      { id: 'sjtu', url: `https://mirror.sjtu.edu.cn/pypi-packages/${path}` },
    ]);
  });

  it('a PyTorch wheel: official, Aliyun and SJTUG pytorch-wheels; a mirror URL or another host is its own only copy', () => {
    const file = 'cu124/torch-2.5.1%2Bcu124-cp311-cp311-linux_x86_64.whl';
    expect(mirrorCopies(`https://download.pytorch.org/whl/${file}`).map((c) => c.url)).toEqual([
      `https://download.pytorch.org/whl/${file}`,
      `https://mirrors.aliyun.com/pytorch-wheels/${file}`,
      `https://mirror.sjtu.edu.cn/pytorch-wheels/${file}`,
    ]);
    expect(mirrorCopies(`https://mirrors.aliyun.com/pytorch-wheels/${file}`)).toEqual([{ id: 'aliyun', url: `https://mirrors.aliyun.com/pytorch-wheels/${file}` }]);
    expect(mirrorCopies('https://pypi.lab.example/files/x-1.0-py3-none-any.whl')).toEqual([{ id: 'pypi.lab.example', url: 'https://pypi.lab.example/files/x-1.0-py3-none-any.whl' }]);
  });
});
