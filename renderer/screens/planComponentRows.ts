// The Plan screen's component table: each component now, after the install, and what the plan does to it.
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { Plan } from '../../shared/types/plan.js';
import { replacesNewerDriver } from '../../shared/plan/driverReplacement.js';
import { FRAMEWORK_SPECS } from '../../shared/frameworks/registry.js';

interface Row {
  id: string;
  now: string;
  after: string;
  action: string;
}

export function componentRows(plan: Plan, report: HardwareReport | null, t: (key: string, values?: Record<string, unknown>) => string): Row[] {
  const none = t('plan.notInstalled');
  const rows = plannedRows(plan, report, t, none);
  // A blocked plan plans nothing: "→ not needed" would read as a decision, so every row says it is not planned.
  return plan.status === 'blocked' ? rows.map((row) => ({ ...row, after: t('plan.notPlanned'), action: t('plan.actions.blocked') })) : rows;
}

function plannedRows(plan: Plan, report: HardwareReport | null, t: (key: string, values?: Record<string, unknown>) => string, none: string): Row[] {
  const activeToolkit = report?.cudaToolkits.find((toolkit) => toolkit.active)?.version ?? report?.cudaToolkits[0]?.version;
  const installedFramework = report?.pythons.map((python) => python.packages[FRAMEWORK_SPECS[plan.framework.name].primaryPackage]).find(Boolean);
  const driverNow = plan.driver.current ?? report?.driver?.version ?? none;
  // An unknown GPU's driver need is unknown too: "not needed" would be a decision nobody made.
  const gpuUnknown = plan.missingPrerequisites?.some((missing) => missing.code === 'GPU_UNKNOWN');
  // An upgrade to an older branch replaces a driver that ignores the GPU (595 on Pascal).
  const driverAction = plan.driver.action === 'upgrade' && replacesNewerDriver(plan.driver.current, plan.driver.target) ? 'replace' : plan.driver.action;
  const driverAfter =
    plan.driver.action === 'keep'
      ? driverNow
      : plan.driver.action === 'none'
        ? t(gpuUnknown ? 'plan.gpuUnknown.driver' : 'plan.notNeeded')
        : plan.driver.target ?? t('plan.driverMinimum', { minimum: plan.driver.minimum ?? '?' });
  return [
    { id: 'driver', now: driverNow, after: driverAfter, action: gpuUnknown && plan.driver.action === 'none' ? t('plan.gpuUnknown.driverAction') : t(`plan.actions.${driverAction}`) },
    {
      id: 'cudaToolkit',
      now: activeToolkit ?? none,
      after: plan.cudaToolkit.action === 'none' ? t('plan.notNeeded') : plan.cudaToolkit.version ?? '—',
      action: t(`plan.actions.${plan.cudaToolkit.action}`),
    },
    {
      id: 'cudnn',
      now: report?.cudnn[0]?.version ?? none,
      after: plan.cudnn.action === 'bundled' ? t('plan.bundled', { version: plan.cudnn.version ?? plan.framework.cudnn ?? '' }) : plan.cudnn.action === 'none' ? t('plan.notNeeded') : plan.cudnn.version ?? '—',
      action: t(`plan.actions.${plan.cudnn.action}`),
    },
    { id: 'python', now: report?.pythons[0]?.version ?? none, after: plan.python.version, action: t('plan.actions.env') },
    {
      id: 'framework',
      now: installedFramework ?? none,
      after: `${plan.framework.version} (${plan.framework.variant})`,
      action: t('plan.actions.install'),
    },
  ];
}
