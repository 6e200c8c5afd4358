import { describe, expect, it } from 'vitest';
import { translationProblems } from '../../shared/i18n/localize.js';
import { displayWidth } from '../../shared/text/displayWidth.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import detectSummaryTextEn from '../../locales/en/detectSummary.json' with { type: 'json' };
import detectSummaryTextZhCN from '../../locales/zh-CN/detectSummary.json' with { type: 'json' };
import { formatHardwareSummary } from './formatHardwareSummary.js';

/** A WSL2 workstation with one of everything the summary shows. */
const workstation: HardwareReport = {
  os: { platform: 'linux', distro: 'Ubuntu', version: '22.04', kernel: '6.8.0', arch: 'x86_64', wsl: true, container: true, packageManager: 'apt', secureBoot: 'enabled', nouveauLoaded: false, disks: [{ path: '/', freeBytes: 100 * 1024 ** 3, totalBytes: 500 * 1024 ** 3 }] },
  cpu: { model: 'AMD EPYC', cores: 16, memoryBytes: 64 * 1024 ** 3 },
  gpus: [
    { vendor: 'nvidia', name: 'NVIDIA H100 80GB HBM3', index: 0, memoryMiB: 81559, computeCapability: '9.0', architecture: 'Hopper', migEnabled: true, migDevices: 3 },
    { vendor: 'nvidia', name: 'GRID A100', index: 1, memoryMiB: 2048, virtualization: 'vgpu' },
    { vendor: 'intel', name: 'Iris', integrated: true },
  ],
  displayAdapters: [{ vendorId: '1234', deviceId: '1111', name: 'QEMU VGA', virtual: true }],
  driver: { version: '550.54.15', cudaVersion: '12.4', source: 'nvidia-smi', kernelModule: 'open' },
  cudaToolkits: [
    { version: '12.4.1', path: '/usr/local/cuda-12.4', active: true, nvccRuns: true, source: '/usr/local' },
    { version: '11.8', path: '/usr/local/cuda-11.8', active: false, source: '/usr/local' },
  ],
  cudnn: [{ version: '9.1.0', path: '/usr/lib/x86_64-linux-gnu', source: 'ldconfig' }],
  pythons: [
    { path: '/usr/bin/python3', version: '3.12.3', kind: 'system', packages: { torch: '2.5.1' } },
    { path: '/opt/v/bin/python', version: '3.11.2', kind: 'venv', packages: {} },
  ],
  findings: [
    { code: 'DRIVER_OLD', message: 'msg a', severity: 'error' },
    { code: 'TOOLKIT_OLD', message: 'msg b' },
    { code: 'NO_CUDNN', message: 'msg c', severity: 'info' },
  ],
  warnings: ['warn 1'],
  durationMs: 123,
  cudaSummary: { driverCuda: '12.4', toolkit: '12.4.1', compatible: true, message: 'fits' },
};

const bare: HardwareReport = {
  ...workstation,
  os: { ...workstation.os, wsl: false, container: false, secureBoot: 'unknown', kernel: null, disks: [] },
  gpus: [],
  displayAdapters: [],
  driver: null,
  cudaToolkits: [],
  cudnn: [],
  pythons: [],
  findings: [],
  warnings: [],
  cudaSummary: undefined,
};

/** The display column where each cell starts on the line that shows it; null for an empty cell. */
function cellStarts(line: string, cells: readonly string[]): (number | null)[] {
  let from = 0;
  return cells.map((cell) => {
    if (!cell) return null;
    const at = line.indexOf(cell, from);
    expect(at, `${JSON.stringify(cell)} in ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(0);
    from = at + cell.length;
    return displayWidth(line.slice(0, at));
  });
}

/** Every column of the table that starts at `headerLine` starts at one display column on every line. */
function expectAligned(text: string, table: readonly (readonly string[])[]) {
  const lines = text.split('\n');
  const first = lines.findIndex((line) => line.trimStart().startsWith(table[0]![0]!) && line.includes(table[0]![1]!));
  expect(first, `table ${JSON.stringify(table[0])}`).toBeGreaterThanOrEqual(0);
  const starts = table.map((cells, at) => cellStarts(lines[first + at]!, cells));
  for (let column = 0; column < table[0]!.length; column++) {
    expect(new Set(starts.map((row) => row[column]).filter((start) => start !== null)).size, `column ${column} of ${JSON.stringify(table[0])}`).toBe(1);
  }
}

describe('formatHardwareSummary', () => {
  it('the Chinese labels have every English key, with the same placeholders', () => {
    expect(translationProblems(detectSummaryTextEn, detectSummaryTextZhCN)).toEqual([]);
  });

  it('prints English by default, unchanged', () => {
    expect(formatHardwareSummary(workstation, { color: false })).toBe(
      [
        'System',
        '  Ubuntu 22.04 (linux, x86_64, kernel 6.8.0) — WSL2, container, Secure Boot enabled',
        '  CPU: AMD EPYC, 16 threads, 64.0 GiB RAM',
        '  Free disk: / 107.4 GB',
        '',
        'GPUs (3)',
        '  #  Vendor  Name                                      Memory    Compute cap.  Architecture',
        '  0  NVIDIA  NVIDIA H100 80GB HBM3 (MIG, 3 instances)  79.6 GiB  9.0           Hopper',
        '  1  NVIDIA  GRID A100 (vGPU)                          2 GiB     -             -',
        '  2  Intel   Iris                                      shared    -             -',
        '  (not counted: QEMU VGA)',
        '',
        'NVIDIA driver and CUDA',
        '  Driver: 550.54.15 (open kernel module)',
        '  fits',
        '  Toolkit  Path                  Active  nvcc runs',
        '  12.4.1   /usr/local/cuda-12.4  yes     yes',
        '  11.8     /usr/local/cuda-11.8          ?',
        '  cuDNN  Where                      Found by',
        '  9.1.0  /usr/lib/x86_64-linux-gnu  library cache (ldconfig)',
        '',
        'Python (2)',
        '  Version  Kind    Path               Frameworks',
        '  3.12.3   system  /usr/bin/python3   torch 2.5.1',
        '  3.11.2   venv    /opt/v/bin/python  -',
        '',
        'Findings',
        '  error msg a [DRIVER_OLD]',
        '  warning msg b [TOOLKIT_OLD]',
        '  info msg c [NO_CUDNN]',
        '',
        'Warnings',
        '  ! warn 1',
        '',
        'Detected in 123 ms.',
        '',
      ].join('\n'),
    );
  });

  it('prints Chinese labels and keeps names, versions, paths and codes', () => {
    const text = formatHardwareSummary(workstation, { color: false, locale: 'zh-CN' });
    const lines = text.split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        '系统',
        '  Ubuntu 22.04 (linux, x86_64, 内核 6.8.0) — WSL2，容器，Secure Boot 已开启',
        '  CPU：AMD EPYC，16 个线程，内存 64.0 GiB',
        '  可用磁盘空间：/ 107.4 GB',
        'GPU（3 个）',
        '  #  厂商    名称                                    显存      计算能力  架构',
        '  （未计入：QEMU VGA）',
        'NVIDIA 驱动与 CUDA',
        '  驱动：550.54.15（开源内核模块）',
        '  CUDA Toolkit  路径                  当前使用  nvcc 可运行',
        'Python 环境（2 个）',
        '检测发现',
        '  错误 msg a [DRIVER_OLD]',
        '  警告 msg b [TOOLKIT_OLD]',
        '  提示 msg c [NO_CUDNN]',
        '检测用时 123 毫秒。',
      ]),
    );
    const englishLabels =
      /\b(System|GPUs|Vendor|Name|Memory|Compute cap|Architecture|Driver|kernel|container|enabled|threads|RAM|Free disk|shared|not counted|instances|Toolkit {2}|Path|Active|nvcc runs|Where|Found by|Version|Kind|Frameworks|Findings|Warnings|Detected|yes|no|error|warning|info|none found|not installed)\b/;
    expect(text).not.toMatch(englishLabels);
  });

  it('says what is missing in Chinese on a bare machine', () => {
    const lines = formatHardwareSummary(bare, { color: false, locale: 'zh-CN' }).split('\n');
    expect(lines).toEqual(expect.arrayContaining(['  Ubuntu 22.04 (linux, x86_64)', 'GPU（0 个）', '  未找到', '  驱动：未安装', '  cuDNN：未找到', 'Python 环境（0 个）']));
  });

  it('lines up every table when its cells are Chinese', () => {
    const text = formatHardwareSummary(workstation, { color: false, locale: 'zh-CN' });
    expectAligned(text, [
      ['#', '厂商', '名称', '显存', '计算能力', '架构'],
      ['0', 'NVIDIA', 'NVIDIA H100 80GB HBM3（MIG，3 个实例）', '79.6 GiB', '9.0', 'Hopper'],
      ['1', 'NVIDIA', 'GRID A100（vGPU）', '2 GiB', '-', '-'],
      ['2', 'Intel', 'Iris', '共享内存', '-', '-'],
    ]);
    expectAligned(text, [
      ['CUDA Toolkit', '路径', '当前使用', 'nvcc 可运行'],
      ['12.4.1', '/usr/local/cuda-12.4', '是', '是'],
      ['11.8', '/usr/local/cuda-11.8', '', '?'],
    ]);
    expectAligned(text, [
      ['cuDNN', '位置', '发现方式'],
      ['9.1.0', '/usr/lib/x86_64-linux-gnu', '库缓存（ldconfig）'],
    ]);
    expectAligned(text, [
      ['版本', '类型', '路径', '框架'],
      ['3.12.3', '系统自带', '/usr/bin/python3', 'torch 2.5.1'],
      ['3.11.2', '虚拟环境', '/opt/v/bin/python', '-'],
    ]);
  });

  it('an AMD machine says whether ROCm and amdgpu are there, in English and Chinese (issue 28 item 5)', () => {
    const amd: HardwareReport = {
      ...bare,
      os: { ...bare.os, amdgpuLoaded: true },
      gpus: [{ vendor: 'amd', name: 'AMD Radeon RX 7900 XTX', pciId: '1002:744c', gfxArch: 'gfx1100', memoryMiB: 24560 }],
      rocmTools: ['rocm-smi', 'rocm_agent_enumerator'],
    };
    expect(formatHardwareSummary(amd, { color: false }).split('\n')).toContain('  ROCm: installed (rocm-smi, rocm_agent_enumerator answered) · amdgpu kernel driver loaded');
    expect(formatHardwareSummary(amd, { color: false, locale: 'zh-CN' }).split('\n')).toContain('  ROCm：已安装（rocm-smi，rocm_agent_enumerator 有应答） · amdgpu 内核驱动已加载');
    const noRocm = { ...amd, rocmTools: undefined, os: { ...amd.os, amdgpuLoaded: false } };
    expect(formatHardwareSummary(noRocm, { color: false }).split('\n')).toContain('  ROCm: not found (no ROCm tool answered) · amdgpu kernel driver not loaded');
    expect(formatHardwareSummary(bare, { color: false })).not.toContain('ROCm');
  });
});
