import { describe, expect, it } from 'vitest';
import { linuxPlan, planSentences } from '../../testkit/plan/linuxPlan.js';

// On Debian the driver step installs Debian's own nvidia-driver (https://wiki.debian.org/NvidiaGraphicsDrivers), whose
// version is the release's: bookworm 535.261.03, trixie 550.163.01 (deb.debian.org Packages, non-free, read
// 2026-12-03). Expected from NVIDIA's tables: CUDA 12.x builds run on >= 525.60.13 by minor-version compatibility
// (CUDA Compatibility guide), CUDA 13.x builds need >= 580.65.06 (CUDA 13.0 release notes, Table 3), and Blackwell
// (RTX 5090) needs R570 or newer, which neither Debian release packages.
const debian12 = { linuxRepo: 'debian12' };

describe('a plan on Debian, whose driver install gives Debian\'s packaged driver', () => {
  it('RTX 3060 without a driver on Debian 12: installs Debian\'s 535.261.03 and picks a CUDA 12 build it runs', () => {
    const plan = linuxPlan('GeForce RTX 3060', null, { framework: 'pytorch' }, debian12);
    expect(plan.status).toBe('ok');
    expect(plan.framework.variant).toMatch(/^cu12\d$/);
    const driver = plan.steps.find((step) => step.kind === 'driver')!;
    expect(driver.params).toMatchObject({ action: 'install', branch: '535', minimumVersion: '535.261.03' });
    expect(planSentences(plan)).toContain('Debian 12 (bookworm) packages the NVIDIA driver itself (nvidia-driver 535.261.03');
  });

  it('the same machine on Ubuntu 24.04 still gets the preferred branch and the newest build (nothing Debian-specific leaks)', () => {
    const plan = linuxPlan('GeForce RTX 3060', null, { framework: 'pytorch' }, { linuxRepo: 'ubuntu2404' });
    const driver = plan.steps.find((step) => step.kind === 'driver')!;
    expect(Number(driver.params.branch)).toBeGreaterThanOrEqual(580);
    expect(plan.framework.variant).toMatch(/^cu13\d$/);
  });

  it('a pinned CUDA 13 build on Debian 12 is blocked, naming the packaged version and NVIDIA\'s repository', () => {
    const plan = linuxPlan('GeForce RTX 3060', null, { framework: 'pytorch', frameworkVersion: `${linuxPlan('GeForce RTX 3060', null, { framework: 'pytorch' }, { linuxRepo: 'ubuntu2404' }).framework.version}+cu130` }, debian12);
    expect(plan.status).toBe('blocked');
    expect(plan.blockers[0]!.code).toBe('DRIVER_NOT_PACKAGED');
    expect(plan.blockers[0]!.message).toMatch(/needs NVIDIA driver 580(\.\d+)* or newer .*Debian 12 \(bookworm\) packages 535\.261\.03 .*CUDA repository for debian12/);
  });

  it('RTX 5090 (Blackwell, R570+) on Debian 12 and 13: no packaged driver runs a GPU build, so the plan is the CPU build and says why', () => {
    for (const [repo, version] of [['debian12', '535.261.03'], ['debian13', '550.163.01']] as const) {
      const plan = linuxPlan('GeForce RTX 5090', null, { framework: 'pytorch' }, { linuxRepo: repo });
      expect(plan.framework.variant, repo).toBe('cpu');
      expect(plan.steps.some((step) => step.kind === 'driver'), repo).toBe(false);
      expect(planSentences(plan)).toContain(`packages ${version} (nvidia-driver); a newer driver needs NVIDIA's CUDA repository for ${repo}`);
    }
  });

  it('a driver already new enough is kept on Debian too', () => {
    const plan = linuxPlan('GeForce RTX 3060', '580.95.05', { framework: 'pytorch' }, debian12);
    expect(plan.driver.action).toBe('keep');
    expect(plan.steps.some((step) => step.kind === 'driver')).toBe(false);
  });
});
