import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectHardware } from './detectHardware.js';
import { formatHardwareSummary } from './formatHardwareSummary.js';
import { askPython, debianSystemPython } from './probes/probePythons.js';

// The real machine, no simulated host: CI has the CUDA 13.0 Toolkit and no NVIDIA driver (docs/design.md §4).
describe('detectHardware on this machine', () => {
  it('reports the real toolkit, no driver, and a complete report', async () => {
    const report = await detectHardware();
    expect(report.os.platform).toBe(process.platform === 'linux' ? 'linux' : expect.any(String));
    expect(report.cpu.cores).toBeGreaterThan(0);
    expect(Array.isArray(report.warnings)).toBe(true);
    if (existsSync('/usr/local/cuda-13.0') && !existsSync('/proc/driver/nvidia/version')) {
      expect(report.driver).toBeNull();
      const toolkit = report.cudaToolkits.find((candidate) => candidate.path === '/usr/local/cuda-13.0');
      expect(toolkit).toMatchObject({ active: true, nvccRuns: true });
      expect(toolkit?.version).toMatch(/^13\.0(\.|$)/);
      expect(report.findings.map((finding) => finding.code)).toContain('TOOLKIT_WITHOUT_DRIVER');
      expect(report.cudaSummary?.toolkit).toMatch(/^13\.0/);
    }
    if (existsSync('/usr/lib/python3/dist-packages/torch')) {
      // Debian's python3-torch is found by reading its egg-info, without importing torch.
      const system = report.pythons.find((env) => env.path === '/usr/bin/python3');
      expect(system?.packages.torch).toMatch(/^1\.13/);
    }
    expect(formatHardwareSummary(report, { color: false })).toContain('NVIDIA driver and CUDA');
  });
});

describe("reading Debian's python3 from disk on this machine", () => {
  // The shortcut must say exactly what the interpreter says about itself (version and site dirs, in order).
  it.runIf(existsSync('/usr/bin/python3') && existsSync('/var/lib/dpkg/info/python3.11-minimal.list'))('matches asking /usr/bin/python3 itself', async () => {
    const fromDisk = await debianSystemPython('/usr/bin/python3', process.env);
    const context = { platform: process.platform, quick: false, timeoutMs: 10_000, env: process.env, warn: () => undefined };
    const asked = await askPython(context, '/usr/bin/python3', '/usr/bin/python3');
    expect(fromDisk).not.toBeNull();
    expect(fromDisk?.version).toBe(asked?.version);
    expect(fromDisk?.site).toEqual([...new Set(asked?.site)]);
  });
});
