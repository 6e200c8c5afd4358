/*
 * Issue 32: the same bytes on a hundred machines. A plan checked against its index carries each file's sha256; the shell
 * script, the Ansible role and the Dockerfile write those pins and run pip --require-hashes on them, as the engine does.
 */
import { describe, expect, it } from 'vitest';
import type { Plan } from '../../shared/types/plan.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { exportPlan } from './exportPlan.js';

const TORCH = 'a'.repeat(64);
const CUDNN = 'b'.repeat(64);

function pinnedPlan(): Plan {
  const plan = examplePlan('rtx4090Wheels');
  const file = (name: string, version: string, sha256: string) => ({ name, version, filename: `${name.replace(/-/g, '_')}-${version}-py3-none-any.whl`, url: `https://pypi.org/files/${name}.whl`, size: 1000, sha256 });
  return {
    ...plan,
    index: { status: 'resolved', indexes: ['https://download.pytorch.org/whl/cu124'], files: [file('torch', `${plan.framework.version}+cu124`, TORCH), file('nvidia-cudnn-cu12', '9.1.0.70', CUDNN)], requests: 3, ms: 10 },
  };
}

const text = (plan: Plan, format: 'shell' | 'ansible' | 'dockerfile', name: string) => exportPlan(plan, format).files.find((file) => file.path.endsWith(name))!.content;

describe('exports carry the plan\'s pins (issue 32)', () => {
  it('install.sh writes the pins and installs with --require-hashes', () => {
    const plan = pinnedPlan();
    const script = text(plan, 'shell', 'install.sh');
    expect(script).toContain(`${plan.framework.packages[0]} --hash=sha256:${TORCH}`);
    expect(script).toContain(`nvidia-cudnn-cu12==9.1.0.70 --hash=sha256:${CUDNN}`);
    expect(script).toContain('--require-hashes -r "$DLSETUP_ENV_DIR/dlsetup-pinned-requirements.txt"');
    // Without an index check nothing is pinned, and the packages are installed as before.
    expect(text(examplePlan('rtx4090Wheels'), 'shell', 'install.sh')).not.toContain('--require-hashes');
  });

  it('the role gets the pins as a variable and passes them to pip', () => {
    const vars = text(pinnedPlan(), 'ansible', 'group_vars/all.yml');
    expect(vars).toMatch(/dlsetup_pip_pins:\n\s+- .*--hash=sha256:a{64}/);
    expect(text(pinnedPlan(), 'ansible', 'tasks/framework.yml')).toContain("'--require-hashes', '-r'");
  });

  it('the Dockerfile copies the pins into the image and pip reads them', () => {
    const dockerfile = text(pinnedPlan(), 'dockerfile', 'Dockerfile');
    expect(dockerfile).toContain("COPY <<'DLSETUP_PINS' /opt/dlsetup/pinned-requirements.txt");
    expect(dockerfile).toMatch(/"--require-hashes",\s*"-r",\s*"\/opt\/dlsetup\/pinned-requirements.txt"/);
  });
});
