import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { parseNvidiaSmiError } from './parseNvidiaSmiError.js';

const error = (name: string) => parseNvidiaSmiError(readFileSync(fixturePath('nvidia-smi-errors', name), 'utf8'));

describe('parseNvidiaSmiError', () => {
  it('classifies every captured failure with its code and details', () => {
    expect(error('nvidia-smi_failed_communicate_driver_in_container.txt')?.code).toBe('DRIVER_NOT_LOADED');
    expect(error('nvml_driver_library_mismatch_470_no_version_line.txt')).toMatchObject({ code: 'DRIVER_LIBRARY_MISMATCH' });
    expect(error('nvml_driver_library_mismatch_470_no_version_line.txt')?.nvmlVersion).toBeUndefined();
    expect(error('nvml_driver_library_mismatch_550.144_ci.txt')).toMatchObject({ code: 'DRIVER_LIBRARY_MISMATCH', nvmlVersion: '550.144' });
    expect(error('nvml_driver_library_mismatch_570.124.txt')).toMatchObject({ code: 'DRIVER_LIBRARY_MISMATCH', nvmlVersion: '570.124' });
    expect(error('no_devices_found_plain.txt')?.code).toBe('NO_DEVICES_FOUND');
    expect(error('nvml_unknown_error_container_after_daemon_reload.txt')?.code).toBe('NVML_UNKNOWN_ERROR');
    expect(error('nvidia-smi_-L_then_nvml_unknown_error_k8s.txt')?.code).toBe('NVML_UNKNOWN_ERROR');
    expect(error('device_handle_unknown_error_2015.txt')).toMatchObject({ code: 'GPU_LOST', busId: '0000:0B:00.0' });
    expect(error('device_handle_unknown_error_no_space_synology.txt')).toMatchObject({ code: 'GPU_LOST', busId: '0000:07:00.0' });
  });

  it('recognises a lost GPU', () => {
    // stderr quoted in a public test (search index id 55716437093).
    const text = 'Unable to determine the device handle for GPU0: 0000:01:00.0: GPU is lost. Reboot the system to recover this GPU\n';
    expect(parseNvidiaSmiError(text)).toMatchObject({ code: 'GPU_LOST', busId: '0000:01:00.0' });
  });

  it('gives each code an actionable message and returns null for normal output', () => {
    expect(error('nvml_driver_library_mismatch_570.124.txt')?.message).toMatch(/Reboot/);
    const table = readFileSync(fixturePath('nvidia-smi-table', 'h200_driver590.48.01.txt'), 'utf8');
    expect(parseNvidiaSmiError(table)).toBeNull();
    expect(parseNvidiaSmiError('')).toBeNull();
  });
});
