import { describe, expect, it } from 'vitest';
import { parseAmdSmiStatic } from './parseAmdSmiStatic.js';

// Real `amd-smi static` output on an MI350X host (ROCm 7), pasted by an AMD engineer in
// https://github.com/ROCm/rocm-systems/pull/2987 ("[ROCM-2950] amdsmi: soft-depend on libdrm"); GPU 0 of the two shown,
// serials redacted by the author. No VRAM section: that build ran without libdrm.
const AMD_SMI_STATIC_MI350X = `GPU: 0
    ASIC:
        MARKET_NAME: AMD Instinct MI350X
        VENDOR_ID: 0x1002
        VENDOR_NAME: Advanced Micro Devices Inc. [AMD/ATI]
        SUBVENDOR_ID: 0x1002
        DEVICE_ID: 0x75a0
        SUBSYSTEM_ID: 0x75a0
        REV_ID: 0x00
        ASIC_SERIAL: <redacted>
        OAM_ID: 6
        NUM_COMPUTE_UNITS: 128
        TARGET_GRAPHICS_VERSION: gfx950
        FLAGS: 16
    BUS:
        BDF: 0000:05:00.0
        MAX_PCIE_WIDTH: 16
        MAX_PCIE_SPEED: 32 GT/s
        PCIE_LEVELS: N/A
        PCIE_INTERFACE_VERSION: Gen 5
        SLOT_TYPE: OAM
    IFWI:
        NAME: AMD MI350X
        BUILD_DATE: 2025/06/19 21:03
        PART_NUMBER: 113-M350-01-1K0-920A
        VERSION: 00154951
    DRIVER:
        NAME: amdgpu
        VERSION: 6.18.3
        OS_KERNEL_VERSION: 5.15.0-164-generic
    BOARD:
        MODEL_NUMBER: 102-G36212-0C
        PRODUCT_SERIAL: <redacted>
        FRU_ID: 113-AMDG362120C01-100-300000082
        PRODUCT_NAME: AMD Instinct MI350 OAM
        MANUFACTURER_NAME: AMD
    RAS:
        EEPROM_VERSION: 0x10000
        BAD_PAGE_THRESHOLD: N/A
        BAD_PAGE_THRESHOLD_EXCEEDED: N/A
        PARITY_SCHEMA: DISABLED
        SINGLE_BIT_SCHEMA: DISABLED
        DOUBLE_BIT_SCHEMA: DISABLED
        POISON_SCHEMA: ENABLED
`;

// `amd-smi static --vram` on two Radeon cards, AMD's own example in the amd_smi_lib changelog (ROCm 6.4 entry,
// "Updated API amdsmi_get_gpu_vram_info() structure and CLI amd-smi static --vram"):
// https://github.com/ROCm/amdsmi/blob/develop/CHANGELOG.md
const AMD_SMI_STATIC_VRAM_TWO_GPUS = `GPU: 0
    VRAM:
        TYPE: GDDR6
        VENDOR: N/A
        SIZE: 16368 MB
        BIT_WIDTH: 256
        MAX_BANDWIDTH: 1555 GB/s
GPU: 1
    VRAM:
        TYPE: GDDR6
        VENDOR: N/A
        SIZE: 30704 MB
        BIT_WIDTH: 256
        MAX_BANDWIDTH: 1555 GB/s
`;

describe('parseAmdSmiStatic', () => {
  it('reads name, device id and gfx target of an MI350X (real capture, no VRAM section)', () => {
    expect(parseAmdSmiStatic(AMD_SMI_STATIC_MI350X)).toEqual([{ index: 0, deviceId: '75a0', name: 'AMD Instinct MI350X', gfxArch: 'gfx950' }]);
  });

  it('reads VRAM sizes per GPU; amd-smi "MB" are MiB', () => {
    expect(parseAmdSmiStatic(AMD_SMI_STATIC_VRAM_TWO_GPUS)).toEqual([
      { index: 0, vramBytes: 16368 * 1024 ** 2 },
      { index: 1, vramBytes: 30704 * 1024 ** 2 },
    ]);
  });

  it('reads the --json forms: a list (ROCm 6) and {"gpu_data": [...]} (ROCm 7) with {value, unit} sizes', () => {
    const record = { gpu: 0, asic: { market_name: 'AMD Instinct MI350X', device_id: '0x75a0', target_graphics_version: 'gfx950' }, vram: { size: { value: 16368, unit: 'MB' } } };
    const expected = [{ index: 0, deviceId: '75a0', name: 'AMD Instinct MI350X', gfxArch: 'gfx950', vramBytes: 16368 * 1024 ** 2 }];
    expect(parseAmdSmiStatic(JSON.stringify([record]))).toEqual(expected);
    expect(parseAmdSmiStatic(JSON.stringify({ gpu_data: [record] }))).toEqual(expected);
  });

  it('tolerates N/A, truncation and garbage', () => {
    expect(parseAmdSmiStatic('GPU: 0\n    ASIC:\n        MARKET_NAME: N/A\n        TARGET_GRAPHICS_VERSION: N/A\n    VRAM:\n        SIZE: N/A\n')).toBeNull();
    expect(parseAmdSmiStatic(AMD_SMI_STATIC_MI350X.slice(0, 200))).toEqual([{ index: 0, deviceId: '75a0', name: 'AMD Instinct MI350X' }]);
    expect(parseAmdSmiStatic('{"gpu_data": [')).toBeNull();
    expect(parseAmdSmiStatic('\u0000\u0001 amd-smi: error while loading shared libraries')).toBeNull();
    expect(parseAmdSmiStatic('')).toBeNull();
  });
});
