import { readFileSync } from 'node:fs';
import { fixturePath } from '../fixturePath.js';

/** GeForce GT 1030 (Pascal, sm_61) on Ubuntu 22.04: the sysroot files that make detection see the card. */
export const GT1030_FILES = {
  '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\n',
  '/sys/bus/pci/devices/0000:2d:00.0/class': '0x030000\n',
  '/sys/bus/pci/devices/0000:2d:00.0/vendor': '0x10de\n',
  '/sys/bus/pci/devices/0000:2d:00.0/device': '0x1d01\n',
};

/** The real `nvidia-smi -q -x` capture of that card on driver 470.74 (CUDA 11.4). */
export const GT1030_XML_470 = readFileSync(fixturePath('nvidia-smi-xml/gt1030_driver470.74.xml'), 'utf8');

/**
 * The same capture with its two driver lines changed to 535.104.05 / CUDA 12.2: no GT 1030 capture on 535 exists, and a
 * driver change between two runs is what these tests need.
 */
export const GT1030_XML_535 = GT1030_XML_470.replace('<driver_version>470.74</driver_version>', '<driver_version>535.104.05</driver_version>').replace('<cuda_version>11.4</cuda_version>', '<cuda_version>12.2</cuda_version>');
