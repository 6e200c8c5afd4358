import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../../testkit/fixturePath.js';
import { dpkgInstalledVersion, upstreamOf } from './dpkgStatus.js';

// Detection reads one distribution package: Debian's and Ubuntu's nvidia-cuda-toolkit, its Version field in
// /var/lib/dpkg/status (what `dpkg-query -W -f '${Version}'` prints). NVIDIA's own packages (cuda-toolkit-12-4 12.4.1-1,
// cuda-nvcc-12-4 12.4.131-1, libcudnn8 8.9.7.29-1+cuda12.2, libcudnn9-cuda-12 9.x) are not read from dpkg: their toolkits
// are found by their folders and their cuDNN by its headers and libraries.
const fixture = (name: string) => readFileSync(fixturePath('debian-cuda-toolkit', name), 'utf8');
/** The version column of a `dpkg -l` line. */
const dpkgListVersion = (text: string, pkg: string) => text.split('\n').find((line) => line.split(/\s+/)[1] === pkg)?.split(/\s+/)[2] ?? null;

describe("nvidia-cuda-toolkit's package versions, as the real captures show them", () => {
  it("Debian 12: dpkg's own record, 11.8.89~11.8.0-5~deb12u1, is nvcc's 11.8.89", () => {
    const version = dpkgInstalledVersion(Buffer.from(fixture('dpkg-status.txt')), 'nvidia-cuda-toolkit');
    expect(version).toBe('11.8.89~11.8.0-5~deb12u1');
    expect(upstreamOf(version)).toBe('11.8.89');
  });

  it('Ubuntu 24.04: 12.0.140~12.0.1-4build4 is nvcc\'s 12.0.140 (CMake found the same version on that machine)', () => {
    const text = fixture('apt_nvidia-cuda-toolkit_ubuntu24.04_12.0.140.txt');
    const version = /already the newest version \((\S+)\)/.exec(text)?.[1] ?? null;
    expect(version).toBe('12.0.140~12.0.1-4build4');
    expect(upstreamOf(version)).toBe('12.0.140');
    expect(text).toContain('Found unsuitable version "12.0.140"');
  });

  it("Ubuntu 20.04: 10.1.243-3 is nvcc's 10.1.243; NVIDIA's cuda-toolkit-11-0 beside it is not the distribution's package", () => {
    const text = fixture('dpkg-l_grep_cuda-toolkit_ubuntu20.04.txt');
    expect(upstreamOf(dpkgListVersion(text, 'nvidia-cuda-toolkit'))).toBe('10.1.243');
    expect(dpkgListVersion(text, 'cuda-toolkit-11-0')).toBe('11.0.2-1');
  });

  it('older packages name the release, not nvcc (Ubuntu 22.04: 11.5.1-1ubuntu1, its nvcc V11.5.119): the release, never more', () => {
    expect(upstreamOf('11.5.1-1ubuntu1')).toBe('11.5.1');
  });

  it.each([[null], [''], ['12.0'], ['unknown'], ['1:']])('%j has no x.y.z: unreadable', (value) => {
    expect(upstreamOf(value)).toBeNull();
  });
});
