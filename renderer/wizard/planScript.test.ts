import { describe, expect, it } from 'vitest';
import { pytorchPlan } from '../../testkit/renderer/sampleData.js';
import { applyInstallOptions } from './installOptions.js';
import { planToShellScript } from './planScript.js';
import { defaultChoice } from './wizardState.js';

describe('plan as a shell script', () => {
  it('creates the environment and pip-installs from the plan index', () => {
    const script = planToShellScript(pytorchPlan());
    expect(script).toContain('python3.12 -m venv /home/me/dlsetup-env');
    expect(script).toContain('/home/me/dlsetup-env/bin/python -m pip install --index-url https://download.pytorch.org/whl/cu121 torch==2.5.1');
  });

  it('installs from the mirrors the person chose, keeping the plan build (as the install engine does)', () => {
    const custom = planToShellScript(applyInstallOptions(pytorchPlan(), { ...defaultChoice, pytorchMirror: 'custom', customPytorchUrl: 'http://127.0.0.1:8080/whl/', pypiMirror: 'tuna' }));
    expect(custom).toContain('-m pip install --index-url http://127.0.0.1:8080/whl/cu121 --extra-index-url https://pypi.tuna.tsinghua.edu.cn/simple torch==2.5.1');
    const aliyun = planToShellScript(applyInstallOptions(pytorchPlan(), { ...defaultChoice, pytorchMirror: 'aliyun' }));
    expect(aliyun).toContain('-m pip install --find-links https://mirrors.aliyun.com/pytorch-wheels/cu121/ torch==2.5.1');
  });

  it('marks admin steps, uses sudo for their packages, quotes odd paths and keeps unknown steps as comments', () => {
    const plan = pytorchPlan({
      steps: [
        { id: 'driver', kind: 'driver', title: 'Install NVIDIA driver 550', elevated: true, params: { packages: ['nvidia-driver-550'] } },
        { id: 'python-env', kind: 'python-env', title: 'Create env', elevated: false, params: { path: "/home/me/my env's" } },
        { id: 'env', kind: 'env-vars', title: 'Set CUDA_HOME', elevated: true, params: { cudaHome: '/usr/local/cuda-12.4', scope: 'system' } },
      ],
    });
    const script = planToShellScript(plan);
    expect(script).toContain('# 1. Install NVIDIA driver 550 (admin)\nsudo apt-get install -y nvidia-driver-550');
    expect(script).toContain(`python3 -m venv "/home/me/my env's"`);
    expect(script).toContain('#    cudaHome: /usr/local/cuda-12.4');
  });
});
