import { describe, expect, it } from 'vitest';
import { detectHardware } from '../detect/detectHardware.js';

// Live Windows only (CI's windows-2022 runner; scripts/platformTests.mjs): detection through CIM on a real machine.
describe.skipIf(process.platform !== 'win32')('detection on a live Windows machine', () => {
  it('reads the video controllers through Get-CimInstance and reports Windows without a probe crash', async () => {
    const report = await detectHardware();
    expect(report.os.platform).toBe('windows');
    // A CI VM has a virtual display adapter (Hyper-V) and no compute GPU; a workstation lists its card.
    expect(report.gpus.length + report.displayAdapters.length).toBeGreaterThan(0);
    expect(report.warnings.join('\n')).not.toMatch(/TypeError|ReferenceError|undefined/);
  }, 60_000);
});
