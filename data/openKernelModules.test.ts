import { describe, expect, it } from 'vitest';
import architectures from './gpu-architectures.json' with { type: 'json' };
import devices from './nvidia-devices.json' with { type: 'json' };
import installSources from './nvidia-install-sources.json' with { type: 'json' };

// The resolver reads open-module need per architecture (gpu-architectures.json) when no device row says it; the device
// table is generated from NVIDIA's own lists (scripts/generateNvidiaDevices.mjs): both must name the same architectures.
describe('open kernel modules in data/', () => {
  it('the architectures marked open-only are exactly the device table\'s requiredArchitectures', () => {
    const marked = architectures.architectures.filter((row) => (row as { openKernelModules?: string }).openKernelModules === 'required').map((row) => row.name);
    expect(marked.sort()).toEqual([...devices.openKernelModules.requiredArchitectures].sort());
    for (const name of marked) {
      const rows = devices.devices.filter((row) => row[3] === name);
      expect(rows.length, name).toBeGreaterThan(0);
      expect(rows.every((row) => row[7] === 'required'), name).toBe(true);
    }
  });

  it('every distribution the driver step serves names its open-module packages, with a source', () => {
    const ubuntu = installSources.driverPackages.find((row) => row.distro === 'ubuntu') as { openPattern?: string };
    const debian = installSources.driverPackages.find((row) => row.distro === 'debian') as { openPackages?: string[]; openFallbackPackages?: string[]; openSource?: string };
    expect(ubuntu.openPattern).toBe('nvidia-driver-{branch}-open');
    expect(debian.openPackages?.[0]).toBe('nvidia-open-kernel-dkms');
    expect(debian.openFallbackPackages).toEqual(['nvidia-open']);
    expect(debian.openSource).toMatch(/deb\.debian\.org/);
  });
});
