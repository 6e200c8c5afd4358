import { chmod, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { setCommandLogger } from '../system/runCommand.js';
import { createSimulatedHost, withSimulatedHost, type SimulatedHostOptions, type SimulatedHost } from '../../testkit/simulatedHost.js';
import * as v from 'valibot';
import { hardwareProfileSchema } from '../../shared/schema/planSchema.js';
import { profileFromReport } from '../plan/profileFromReport.js';
import { detectHardware } from './detectHardware.js';
import { formatHardwareSummary } from './formatHardwareSummary.js';

let host: SimulatedHost | null = null;
afterEach(async () => {
  await host?.cleanup();
  host = null;
});

/** A sysfs PCI display function: class 0x030000 (VGA) or 0x030200 (3D controller). */
function pciDevice(slot: string, vendor: string, device: string, classCode = '0x030000'): Record<string, string> {
  const dir = `/sys/bus/pci/devices/${slot}`;
  return { [`${dir}/class`]: `${classCode}\n`, [`${dir}/vendor`]: `0x${vendor}\n`, [`${dir}/device`]: `0x${device}\n`, [`${dir}/subsystem_vendor`]: '0x1043\n', [`${dir}/subsystem_device`]: '0x8888\n' };
}

const UBUNTU = { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n', '/usr/bin/apt-get': '' };

async function detectOn(options: SimulatedHostOptions, timeoutMs = 4000) {
  host = await createSimulatedHost({ isolatePath: true, ...options, files: { ...UBUNTU, ...options.files } });
  return withSimulatedHost(host, () => detectHardware({ timeoutMs }));
}

describe('detectHardware on simulated hosts', () => {
  it('single RTX 4090: XML fallback, compute capability from gpus.json, driver CUDA explained', async () => {
    const report = await detectOn({
      files: pciDevice('0000:01:00.0', '10de', '2684'),
      tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-xml/rtx4090_driver535.86.05.xml' } } },
    });
    expect(report.os).toMatchObject({ platform: 'linux', distro: 'ubuntu', version: '22.04', packageManager: 'apt', wsl: false });
    expect(report.gpus).toEqual([
      expect.objectContaining({ vendor: 'nvidia', name: 'NVIDIA GeForce RTX 4090', pciId: '10de:2684', memoryMiB: 24564, computeCapability: '8.9', architecture: 'Ada Lovelace', driverVersion: '535.86.05' }),
    ]);
    expect(report.driver).toMatchObject({ version: '535.86.05', cudaVersion: '12.2' });
    expect(report.cudaSummary).toMatchObject({ driverCuda: '12.2', toolkit: null });
    expect(report.cudaSummary?.message).toContain('supports up to CUDA 12.2 (nvidia-smi)');
    expect(report.findings.filter((finding) => finding.severity === 'error')).toEqual([]);
    expect(report.cudaToolkits).toEqual([]);
  });

  it('8x V100S: every GPU from the table, spec from gpus.json', async () => {
    const slots = ['06', '07', '08', '09', '0a', '0b', '0c', '0d'];
    const report = await detectOn({
      files: Object.assign({}, ...slots.map((slot) => pciDevice(`0000:00:${slot}.0`, '10de', '1df6', '0x030200'))),
      tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/v100s-pcie-32gb_x8_driver535.171.04.txt' } } },
    });
    expect(report.gpus).toHaveLength(8);
    expect(new Set(report.gpus.map((gpu) => `${gpu.name}|${gpu.memoryMiB}|${gpu.computeCapability}|${gpu.pciId}`))).toEqual(new Set(['Tesla V100S-PCIE-32GB|32768|7.0|10de:1df6']));
    expect(report.driver).toMatchObject({ version: '535.171.04', cudaVersion: '12.2' });
    expect(formatHardwareSummary(report, { color: false })).toContain('GPUs (8)');
  });

  it('Optimus laptop without the NVIDIA driver and with nouveau: Intel + NVIDIA, named by lspci', async () => {
    const report = await detectOn({
      files: { ...pciDevice('0000:00:02.0', '8086', '4680'), ...pciDevice('0000:01:00.0', '10de', '2208'), '/proc/modules': 'nouveau 2412544 1 - Live 0x0000000000000000\n' },
      tools: { lspci: { stdout: { fixture: 'lspci/lspci_-d_03xx_alderlake_display_plus_rtx3080ti.txt' } } },
    });
    expect(report.gpus.map((gpu) => [gpu.vendor, gpu.name, gpu.pciId])).toEqual([
      ['intel', 'AlderLake-S GT1', '8086:4680'],
      ['nvidia', 'GeForce RTX 3080 Ti', '10de:2208'],
    ]);
    expect(report.gpus[1]?.computeCapability).toBe('8.6');
    expect(report.driver).toBeNull();
    expect(report.os.nouveauLoaded).toBe(true);
    expect(report.findings.map((finding) => finding.code)).toEqual(expect.arrayContaining(['NVIDIA_DRIVER_MISSING', 'NOUVEAU_LOADED']));
  });

  it('AMD only: rocm-smi details, no NVIDIA findings', async () => {
    const report = await detectOn({
      files: { ...pciDevice('0000:03:00.0', '1002', '731f'), '/proc/modules': 'amdgpu 9580544 32 - Live 0x0000000000000000\n' },
      tools: { 'rocm-smi': { stdout: { fixture: 'rocm-smi/rocm-smi_-a_navi10_0x731f_driver5.6.19_partial.txt' } }, rocm_agent_enumerator: { stdout: 'gfx000\ngfx1010\n' } },
    });
    expect(report.gpus).toEqual([expect.objectContaining({ vendor: 'amd', pciId: '1002:731f', gfxArch: 'gfx1010' })]);
    expect(report.driver).toBeNull();
    // What the machine screen says instead of "no driver": ROCm's tools answered and amdgpu is loaded (issue 28 item 5).
    expect(report.rocmTools).toEqual(['rocm-smi', 'rocm_agent_enumerator']);
    expect(report.os.amdgpuLoaded).toBe(true);
    expect(report.findings.map((finding) => finding.code)).not.toContain('NVIDIA_DRIVER_MISSING');
  });

  it('AMD only, newer ROCm: amd-smi (no rocm-smi) names the card and its gfx target', async () => {
    // The ASIC block of a real `amd-smi static` on an MI350X: https://github.com/ROCm/rocm-systems/pull/2987
    const asic = [
      'GPU: 0',
      '    ASIC:',
      '        MARKET_NAME: AMD Instinct MI350X',
      '        VENDOR_ID: 0x1002',
      '        VENDOR_NAME: Advanced Micro Devices Inc. [AMD/ATI]',
      '        SUBVENDOR_ID: 0x1002',
      '        DEVICE_ID: 0x75a0',
      '        SUBSYSTEM_ID: 0x75a0',
      '        REV_ID: 0x00',
      '        ASIC_SERIAL: <redacted>',
      '        OAM_ID: 6',
      '        NUM_COMPUTE_UNITS: 128',
      '        TARGET_GRAPHICS_VERSION: gfx950',
      '        FLAGS: 16',
      '',
    ].join('\n');
    const report = await detectOn({
      files: pciDevice('0000:05:00.0', '1002', '75a0', '0x038000'),
      tools: { 'amd-smi': { when: [{ args: 'static --asic --vram', stdout: asic }], stderr: 'amd-smi: unexpected arguments', exitCode: 2 } },
    });
    expect(report.gpus).toEqual([expect.objectContaining({ vendor: 'amd', name: 'AMD Instinct MI350X', pciId: '1002:75a0', gfxArch: 'gfx950' })]);
    expect(report.findings.map((finding) => finding.code)).not.toContain('NVIDIA_DRIVER_MISSING');
    expect(report.warnings).toEqual([]);
  });

  it('driver/library mismatch: typed finding, driver version from the loaded module', async () => {
    const report = await detectOn({
      files: { ...pciDevice('0000:01:00.0', '10de', '2684'), '/proc/driver/nvidia/version': { fixture: 'proc-driver/proc_driver_nvidia_version_580.173.02_truenas.txt' } },
      tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-errors/nvml_driver_library_mismatch_570.124.txt' }, exitCode: 18 } },
    });
    expect(report.findings).toContainEqual(expect.objectContaining({ code: 'DRIVER_LIBRARY_MISMATCH', severity: 'error' }));
    expect(report.driver).toEqual({ version: '580.173.02', cudaVersion: null, source: '/proc/driver/nvidia/version', kernelModule: 'proprietary' });
    expect(report.gpus).toEqual([expect.objectContaining({ vendor: 'nvidia', name: 'GeForce RTX 4090', source: 'sysfs' })]);
  });

  it('no driver, toolkit present: the active toolkit, cuDNN header, and both findings', async () => {
    const report = await detectOn({
      files: {
        ...pciDevice('0000:01:00.0', '10de', '2684'),
        '/usr/local/cuda-11.0/version.txt': 'CUDA Version 11.0.221\n',
        '/usr/local/cuda-12.2/version.json': '{"cuda": {"name": "CUDA SDK", "version": "12.2.2"}}',
        '/usr/include/cudnn_version.h': { fixture: 'cudnn/cudnn_version_h_8.2.1.h' },
        '/usr/local/cuda-11.0/include/cudnn.h': { fixture: 'cudnn/cudnn_h_7.2.1_excerpt.h' },
      },
      symlinks: { '/usr/local/cuda': '/usr/local/cuda-11.0' },
      executables: { '/usr/local/cuda-11.0/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_11.0.221.txt' } }, '/usr/local/cuda-12.2/bin/nvcc': { stderr: 'Segmentation fault', exitCode: 139 } },
      tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-errors/nvidia-smi_failed_communicate_driver_in_container.txt' }, exitCode: 9 } },
    });
    expect(report.cudaToolkits.map((toolkit) => [toolkit.version, toolkit.path, toolkit.active, toolkit.nvccRuns])).toEqual([
      ['11.0.221', '/usr/local/cuda-11.0', true, true],
      ['12.2.2', '/usr/local/cuda-12.2', false, false],
    ]);
    expect(report.cudnn).toEqual(
      expect.arrayContaining([
        { version: '8.2.1', path: '/usr/include/cudnn_version.h', source: 'header' },
        { version: '7.2.1', path: '/usr/local/cuda-11.0/include/cudnn.h', source: 'header' },
      ]),
    );
    expect(report.driver).toBeNull();
    const codes = report.findings.map((finding) => finding.code);
    expect(codes).toEqual(expect.arrayContaining(['DRIVER_NOT_LOADED', 'TOOLKIT_WITHOUT_DRIVER']));
    expect(report.findings.find((finding) => finding.code === 'TOOLKIT_WITHOUT_DRIVER')?.severity).toBe('warning');
  });

  it("CUDA 11.8's real version.json (the SDK named by its build date, 11.8.20220929): its nvcc's 11.8.89, and a plan profile the install accepts (issue 30)", async () => {
    const report = await detectOn({
      files: { '/usr/local/cuda-11.8/version.json': { fixture: 'cuda-version/cuda_11.8_version_json_partial.json' } },
      symlinks: { '/usr/local/cuda': '/usr/local/cuda-11.8' },
    });
    expect(report.cudaToolkits.map((toolkit) => [toolkit.version, toolkit.path])).toEqual([['11.8.89', '/usr/local/cuda-11.8']]);
    const profile = profileFromReport(report);
    expect(v.safeParse(hardwareProfileSchema, profile).issues).toBeUndefined();
    expect(profile.cudaToolkits).toEqual(['11.8.89']);
  });

  it('toolkit newer than the driver: TOOLKIT_NEWER_THAN_DRIVER', async () => {
    const report = await detectOn({
      files: { '/usr/local/cuda-13.1/version.json': '{"cuda": {"version": "13.1.0"}}' },
      symlinks: { '/usr/local/cuda': '/usr/local/cuda-13.1' },
      tools: { 'nvidia-smi': { stdout: { fixture: 'nvidia-smi-table/rtx3090_driver535.161.07_empty-process-list.txt' } } },
    });
    expect(report.cudaSummary).toMatchObject({ driverCuda: '12.2', toolkit: '13.1.0', compatible: false });
    expect(report.findings).toContainEqual(expect.objectContaining({ code: 'TOOLKIT_NEWER_THAN_DRIVER', severity: 'error' }));
  });

  it('Python envs: packages from dist-info METADATA (torch +cu124, pip cuDNN) with one process per interpreter', async () => {
    const site = '/opt/venv/lib/python3.11/site-packages';
    const report = await detectOn({
      files: {
        [`${site}/torch-2.5.1+cu124.dist-info/METADATA`]: 'Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1+cu124\n\nbody\n',
        [`${site}/nvidia_cudnn_cu12-9.1.0.70.dist-info/METADATA`]: 'Metadata-Version: 2.1\nName: nvidia-cudnn-cu12\nVersion: 9.1.0.70\n',
        [`${site}/nvidia/cudnn/include/.keep`]: '',
        [`${site}/requests-2.32.0.dist-info/METADATA`]: 'Name: requests\nVersion: 2.32.0\n',
      },
      tools: { python3: { stdout: JSON.stringify({ version: '3.11.9', prefix: '/opt/venv', site: [site] }) } },
    });
    const env = report.pythons.find((candidate) => candidate.version === '3.11.9');
    expect(env?.packages).toEqual({ torch: '2.5.1+cu124', 'nvidia-cudnn-cu12': '9.1.0.70' });
    expect(report.cudnn).toContainEqual(expect.objectContaining({ version: '9.1.0.70', path: `${site}/nvidia/cudnn` }));
  });

  it('conda envs outside the default folders, from `conda env list --json` (conda on PATH, then CONDA_EXE)', async () => {
    const prefix = '/data/envs/torch';
    const files = {
      [`${prefix}/bin/python`]: '',
      [`${prefix}/conda-meta/python-3.11.9-h955ad1f_0.json`]: '{}',
      [`${prefix}/lib/python3.11/site-packages/torch-2.5.1.dist-info/METADATA`]: 'Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1\n',
    };
    const listing = JSON.stringify({ envs: ['/opt/miniconda3', prefix] });
    const expected = expect.objectContaining({ path: `${prefix}/bin/python`, kind: 'conda', version: '3.11.9', packages: { torch: '2.5.1' } });
    const onPath = await detectOn({ files, tools: { conda: { when: [{ args: 'env list --json', stdout: listing }], exitCode: 2 } } });
    expect(onPath.pythons).toContainEqual(expected);
    await host?.cleanup();
    host = null;

    const saved = process.env.CONDA_EXE;
    process.env.CONDA_EXE = '/opt/miniconda3/bin/conda';
    try {
      const fromEnv = await detectOn({ files, executables: { '/opt/miniconda3/bin/conda': { when: [{ args: 'env list --json', stdout: listing }], exitCode: 2 } } });
      expect(fromEnv.pythons).toContainEqual(expected);
    } finally {
      if (saved === undefined) delete process.env.CONDA_EXE;
      else process.env.CONDA_EXE = saved;
    }
  });

  it("Debian's own python3 is read from dpkg's records and its dist-packages, without starting it", async () => {
    const report = await detectOn({
      files: {
        // The lines of Debian 12's python3.11 packaging these checks rely on (dpkg records, site.py and sysconfig.py patches).
        '/var/lib/dpkg/info/python3.11-minimal.list': '/.\n/usr\n/usr/bin\n/usr/bin/python3.11\n',
        '/var/lib/dpkg/status': 'Package: python3.11-minimal\nStatus: install ok installed\nPriority: optional\nVersion: 3.11.2-6+deb12u6\n\nPackage: python3.11\nStatus: install ok installed\nVersion: 3.11.2-6+deb12u6\n',
        '/usr/lib/python3.11/site.py': 'sitepackages.append(os.path.join(prefix, "lib",\n                                             "python3",\n                                             "dist-packages"))\n',
        '/usr/lib/python3.11/sysconfig.py': "_INSTALL_SCHEMES = {\n    'deb_system': {},\n    'posix_local': {},\n}\n",
        '/usr/lib/python3/dist-packages/torch-1.13.0a0+gitunknown.egg-info/PKG-INFO': 'Metadata-Version: 2.1\nName: torch\nVersion: 1.13.0a0+gitunknown\n',
      },
      symlinks: { '/usr/bin/python3': '/usr/bin/python3.11' },
      // Started, it would say so and the report would carry an "could not read" warning.
      executables: { '/usr/bin/python3.11': { stderr: 'this interpreter must not be started', exitCode: 1 } },
    });
    const system = report.pythons.find((env) => env.path === '/usr/bin/python3');
    expect(system).toMatchObject({ version: '3.11.2', kind: 'system', packages: { torch: '1.13.0a0+gitunknown' } });
    expect(system?.sitePackages?.slice(0, 3)).toEqual(['/usr/local/lib/python3.11/dist-packages', '/usr/lib/python3/dist-packages', '/usr/lib/python3.11/dist-packages']);
    expect(report.warnings).toEqual([]);
  });

  it('an nvcc wrapper on PATH that execs a toolkit nvcc: one nvcc run, the toolkit reported once', async () => {
    const commands: string[][] = [];
    setCommandLogger((entry) => commands.push(entry.argv));
    try {
      host = await createSimulatedHost({
        isolatePath: true,
        files: { ...UBUNTU, '/usr/local/cuda-11.0/version.txt': 'CUDA Version 11.0.221\n' },
        symlinks: { '/usr/local/cuda': '/usr/local/cuda-11.0' },
        executables: { '/usr/local/cuda-11.0/bin/nvcc': { stdout: { fixture: 'nvcc/nvcc_11.0.221.txt' } } },
      });
      const wrapper = path.join(host.binDir, 'nvcc');
      await writeFile(wrapper, `#!/bin/sh\nexec ${path.join(host.root, 'usr/local/cuda-11.0/bin/nvcc')} "$@"\n`);
      await chmod(wrapper, 0o755);
      const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
      expect(report.cudaToolkits.map((toolkit) => [toolkit.version, toolkit.path, toolkit.active, toolkit.nvccRuns])).toEqual([['11.0.221', '/usr/local/cuda-11.0', true, true]]);
      expect(commands.filter((argv) => argv.at(-1) === '--version' && /nvcc$/.test(argv[0] ?? ''))).toHaveLength(1);
    } finally {
      setCommandLogger(null);
    }
  });

  it('WSL2: Windows driver through /usr/lib/wsl/lib, GPU from nvidia-smi -q', async () => {
    const report = await detectOn({
      files: { '/proc/sys/kernel/osrelease': '5.15.153.1-microsoft-standard-WSL2\n' },
      executables: { '/usr/lib/wsl/lib/nvidia-smi': { stdout: { fixture: 'windows/wsl2_rtx4090_driver537.13_nvidia-smi-q_partial.txt' } } },
    });
    expect(report.os).toMatchObject({ wsl: true, wslDriverDir: '/usr/lib/wsl/lib' });
    expect(report.driver).toMatchObject({ version: '537.13', cudaVersion: '12.2' });
    expect(report.gpus).toEqual([expect.objectContaining({ vendor: 'nvidia', name: 'NVIDIA GeForce RTX 4090', driverModel: 'WDDM', computeCapability: '8.9' })]);
  });
});

describe('detectHardware with bad input', () => {
  it('garbage from nvidia-smi: a warning quoting it, and a complete report', async () => {
    const report = await detectOn({ tools: { 'nvidia-smi': { stdout: '\u0000\u0001NVIDIA-SM\u0000 trunc', exitCode: 0 } } });
    expect(report.warnings.some((warning) => warning.includes('nvidia-smi') && warning.includes('could not read'))).toBe(true);
    expect(report.gpus).toEqual([]);
    expect(report.os.distro).toBe('ubuntu');
  });

  it('truncated XML still yields the driver and the GPU name', async () => {
    const report = await detectOn({
      tools: { 'nvidia-smi': { when: [{ args: '-q', stdout: '<?xml version="1.0" ?>\n<nvidia_smi_log>\n<driver_version>550.54.15</driver_version>\n<cuda_version>12.4</cuda_version>\n<gpu id="00000000:01:00.0">\n<product_name>NVIDIA GeForce RTX 4090</product_name>\n<fb_memory_usage><total>245' }], exitCode: 0 } },
    });
    expect(report.driver).toMatchObject({ version: '550.54.15', cudaVersion: '12.4' });
    expect(report.gpus[0]).toMatchObject({ name: 'NVIDIA GeForce RTX 4090', computeCapability: '8.9' });
  });

  it('a hanging tool times out into a warning', async () => {
    const report = await detectOn({ tools: { 'nvidia-smi': { sleepSeconds: 5, stdout: 'late' } } }, 400);
    expect(report.warnings, JSON.stringify(report.warnings)).toEqual(expect.arrayContaining([expect.stringMatching(/nvidia-smi.*did not answer within 0\.4 s/)]));
    expect(report.driver).toBeNull();
  });

  it('a tool that exits non-zero with an unknown message becomes a warning with its exit code', async () => {
    const report = await detectOn({ tools: { 'nvidia-smi': { stderr: 'nvidia-smi: cannot open shared object file', exitCode: 127 } } });
    expect(report.warnings.some((warning) => warning.includes('exited with code 127'))).toBe(true);
  });

  it('unreadable files: a warning each, defaults in the report', async () => {
    host = await createSimulatedHost({ isolatePath: true, unreadable: ['/etc/os-release', '/proc/modules', '/proc/driver/nvidia/version'] });
    const report = await withSimulatedHost(host, () => detectHardware({ timeoutMs: 4000 }));
    expect(report.warnings.filter((warning) => warning.includes('exists but could not be read'))).toHaveLength(3);
    expect(report.os).toMatchObject({ distro: null, nouveauLoaded: false });
    expect(report.driver).toBeNull();
  });
});
