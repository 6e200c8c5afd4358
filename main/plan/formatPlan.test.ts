import { describe, expect, it } from 'vitest';
import { estimateDownload } from '../../shared/plan/estimateDownload.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import { formatPlan } from './formatPlan.js';
import { loadCompatData } from './loadCompatData.js';
import { loadDownloadSizes } from './loadDownloadSizes.js';

describe('formatPlan', () => {
  it('prints the components, steps and every reason as plain text', () => {
    const plan = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, { framework: 'pytorch' });
    const text = formatPlan(plan, { color: false });
    expect(text).toContain('DL Setup plan: PyTorch 2.14.0 (cu126)  status: ok  method: wheels');
    expect(text).toMatch(/Driver\s+install\s+580\.65\.06 or newer \(needs 525\.60\.13 or newer\)/);
    expect(text).toMatch(/PyTorch\s+install\s+torch==2\.14\.0 --index-url https:\/\/download\.pytorch\.org\/whl\/cu126/);
    expect(text).toContain('1. [admin] Install NVIDIA driver R580 (580.65.06 or newer)');
    for (const reason of plan.reasons) expect(text).toContain(reason);
    expect(text).not.toContain('\u001b[');
  });

  it('shows a blocker with the nearest working command, in color when asked', () => {
    const plan = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'Tesla K80', driverVersion: '470.82.01' }, { framework: 'pytorch', frameworkVersion: '2.14' });
    const text = formatPlan(plan, { color: true });
    expect(text).toContain('\u001b[31mblocked\u001b[0m');
    expect(text).toContain('NO_KERNELS_FOR_GPU: PyTorch 2.14 cannot use your GPU');
    expect(text).toContain('Nearest working request: dlsetup plan --framework pytorch --framework-version 2.7.0');
  });

  it('states the download size and what has no known size', () => {
    const plan = resolvePlan(loadCompatData(), { os: 'linux', arch: 'x86_64', gpuVendor: 'nvidia', gpuName: 'GeForce GTX 1080 Ti', driverVersion: null }, { framework: 'pytorch' });
    const withDownload = { ...plan, download: estimateDownload(plan, loadDownloadSizes()) };
    expect(formatPlan(withDownload, { color: false })).toContain('Download  about 2.8 GB (size unknown, not included: driver)');
    expect(formatPlan(plan, { color: false })).not.toContain('Download');
  });
});
