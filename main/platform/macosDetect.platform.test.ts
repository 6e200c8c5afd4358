import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { parseSystemProfilerDisplays, parseSystemProfilerHardware } from '../detect/parsers/parseMacos.js';
import { detectHardware } from '../detect/detectHardware.js';

// Live macOS only (CI's macos-14 runner; scripts/platformTests.mjs): the parsers read what system_profiler prints today.
describe.skipIf(process.platform !== 'darwin')('detection on a live Mac', () => {
  it('parses the live system_profiler output: a chip or CPU, and at least one display adapter', () => {
    const hardware = execFileSync('system_profiler', ['SPHardwareDataType'], { encoding: 'utf8' });
    const displays = execFileSync('system_profiler', ['SPDisplaysDataType'], { encoding: 'utf8' });
    const parsed = parseSystemProfilerHardware(hardware);
    expect(parsed).not.toBeNull();
    expect(JSON.stringify(parsed)).toMatch(/Apple|Intel/);
    expect(parseSystemProfilerDisplays(displays).length).toBeGreaterThan(0);
  });

  it('detect reports macOS, no NVIDIA driver, and no probe failure worded as a crash', async () => {
    const report = await detectHardware();
    expect(report.os.platform).toBe('macos');
    expect(report.driver).toBeNull();
    expect(report.warnings.join('\n')).not.toMatch(/TypeError|ReferenceError|undefined/);
  });
});
