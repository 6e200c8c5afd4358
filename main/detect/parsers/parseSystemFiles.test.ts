import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseCudaVersionFile } from './parseCudaVersionFile.js';
import { localVersionTag, normalizePackageName, parseDistInfoDirName, parseDistMetadata } from './parseDistMetadata.js';
import { parseLdconfig, versionFromSoname } from './parseLdconfig.js';
import { parseMokutilSbState, secureBootFromEfivar } from './parseMokutilSbState.js';
import { parseOsRelease } from './parseOsRelease.js';
import { parseMeminfoTotal, parseProcCpuinfo } from './parseProcCpuinfo.js';
import { parseProcModules } from './parseProcModules.js';

// Small inline samples: these formats have no capture in fixtures/; they mirror each tool's documented output.
describe('system file parsers', () => {
  it('parses /etc/os-release with quotes', () => {
    const values = parseOsRelease('PRETTY_NAME="Ubuntu 22.04.4 LTS"\nNAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n# comment\n');
    expect(values).toMatchObject({ ID: 'ubuntu', VERSION_ID: '22.04', ID_LIKE: 'debian', PRETTY_NAME: 'Ubuntu 22.04.4 LTS' });
    expect(parseOsRelease('\u0000\u0001garbage')).toEqual({});
  });

  it('finds nouveau in /proc/modules', () => {
    const modules = parseProcModules('nouveau 2412544 1 - Live 0x0000000000000000\ndrm_kms_helper 274432 1 nouveau, Live 0x0000000000000000\n');
    expect(modules.has('nouveau')).toBe(true);
    expect(modules.has('nvidia')).toBe(false);
  });

  it('parses mokutil and the SecureBoot efivar', () => {
    expect(parseMokutilSbState('SecureBoot enabled\n')).toBe('enabled');
    expect(parseMokutilSbState('SecureBoot disabled\nPlatform is in Setup Mode\n')).toBe('disabled');
    expect(parseMokutilSbState('EFI variables are not supported on this system\n')).toBe('unknown');
    expect(secureBootFromEfivar(new Uint8Array([6, 0, 0, 0, 1]))).toBe('enabled');
    expect(secureBootFromEfivar(new Uint8Array([6, 0, 0, 0, 0]))).toBe('disabled');
    expect(secureBootFromEfivar(new Uint8Array([]))).toBe('unknown');
  });

  it('parses ldconfig -p for cuDNN and cudart', () => {
    const text = [
      '1234 libs found in cache `/etc/ld.so.cache\'',
      '\tlibcudnn.so.8 (libc6,x86-64) => /usr/lib/x86_64-linux-gnu/libcudnn.so.8',
      '\tlibcudart.so.13 (libc6,x86-64) => /usr/local/cuda-13.0/lib/libcudart.so.13',
    ].join('\n');
    expect(parseLdconfig(text, 'libcudnn')).toEqual([{ soname: 'libcudnn.so.8', path: '/usr/lib/x86_64-linux-gnu/libcudnn.so.8', arch: 'x86-64' }]);
    expect(parseLdconfig(text).map((entry) => entry.soname)).toEqual(['libcudnn.so.8', 'libcudart.so.13']);
    expect(versionFromSoname('libcudnn.so.8.9.7')).toBe('8.9.7');
    expect(versionFromSoname('libcudnn.so')).toBeNull();
  });

  it('parses dist-info METADATA, directory names and CUDA local tags', () => {
    expect(parseDistMetadata('Metadata-Version: 2.1\nName: torch\nVersion: 2.5.1+cu124\nSummary: x\n\nLong description with\nVersion: 9\n')).toEqual({ name: 'torch', version: '2.5.1+cu124' });
    expect(parseDistMetadata('not metadata')).toBeNull();
    expect(parseDistInfoDirName('nvidia_cudnn_cu12-9.1.0.70.dist-info')).toEqual({ name: 'nvidia_cudnn_cu12', version: '9.1.0.70' });
    expect(parseDistInfoDirName('torch-1.13.0a0+gitunknown.egg-info')).toEqual({ name: 'torch', version: '1.13.0a0+gitunknown' });
    expect(normalizePackageName('Nvidia_CUDNN.cu12')).toBe('nvidia-cudnn-cu12');
    expect(localVersionTag('2.5.1+cu124')).toBe('cu124');
    expect(localVersionTag('2.5.1')).toBeNull();
  });

  it('parses CUDA version.json and version.txt', () => {
    expect(parseCudaVersionFile('{"cuda": {"name": "CUDA SDK", "version": "12.4.1"}}')).toBe('12.4.1');
    expect(parseCudaVersionFile('CUDA Version 10.1.243\n')).toBe('10.1.243');
    expect(parseCudaVersionFile('{broken')).toBeNull();
    // CUDA 11.x names the SDK by its build date; its components carry the versions (fixtures/cuda-version, a real capture).
    expect(parseCudaVersionFile(readFileSync(fixturePath('cuda-version/cuda_11.8_version_json_partial.json'), 'utf8'))).toBe('11.8.89');
    expect(parseCudaVersionFile('{"cuda": {"version": "11.7.20220720"}, "cuda_cudart": {"version": "11.7.99"}}')).toBe('11.7.99');
    expect(parseCudaVersionFile('{"cuda": {"version": "11.6.20220318"}}')).toBe('11.6');
    expect(parseCudaVersionFile('{"cuda": {"version": "11.8.20220929"}, "cuda_nvcc": {"version": "12.0.1"}}')).toBe('11.8');
    expect(parseCudaVersionFile('{"cuda": {"version": "12.4.1\\u001b[2J"}}')).toBeNull();
  });

  it('parses /proc/cpuinfo and /proc/meminfo', () => {
    expect(parseProcCpuinfo('processor\t: 0\nmodel name\t: AMD EPYC 7B13\n\nprocessor\t: 1\nmodel name\t: AMD EPYC 7B13\n')).toEqual({ model: 'AMD EPYC 7B13', threads: 2 });
    expect(parseMeminfoTotal('MemTotal:       16323412 kB\nMemFree: 1 kB\n')).toBe(16323412 * 1024);
  });
});
