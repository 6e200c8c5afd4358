import { FRAMEWORK_SPECS, isFramework } from '../frameworks/registry.js';
import { formatBytes } from '../text/formatBytes.js';
import type { DownloadEstimate, DownloadItem, DownloadOs, DownloadSizeTable } from '../types/downloadEstimate.js';
import type { Plan, PlanStep, TargetOs } from '../types/plan.js';

type VariantKind = 'cuda' | 'rocm' | 'cpu';

/** What one step downloads, before sizes are looked up: the component, and the release and build it installs. */
interface Download {
  component: string;
  stepId: string;
  os: DownloadOs;
  release?: string;
  variant?: string;
}

function textParam(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** WSL installs Linux wheels and Linux packages, so its sizes are the Linux ones. */
function downloadOs(os: TargetOs | string): DownloadOs {
  if (os === 'windows') return 'windows';
  if (os === 'macos') return 'macos';
  return 'linux';
}

/** cu126 / cuda12 / rocm6.4 / cpu: the kind decides which libraries pip pulls in. */
function variantKind(framework: Plan['framework'], stepVariant: unknown): VariantKind {
  const variant = typeof stepVariant === 'string' ? stepVariant : framework.variant;
  if (framework.rocm || /^rocm/i.test(variant)) return 'rocm';
  if (framework.cuda || /^cu(da)?\d/i.test(variant)) return 'cuda';
  return 'cpu';
}

/** Its spec names each kind's component (PyTorch ships one CPU wheel; JAX's CPU install is jax plus jaxlib). */
function frameworkComponent(framework: string, kind: VariantKind): string {
  return isFramework(framework) ? FRAMEWORK_SPECS[framework].downloads[kind] : `${framework}-${kind}-wheels`;
}

function stepDownload(plan: Plan, step: PlanStep): Download | null {
  const params = step.params;
  const os = downloadOs(typeof params.os === 'string' ? params.os : plan.profile.os);
  switch (step.kind) {
    case 'framework': {
      const framework = typeof params.framework === 'string' ? params.framework : plan.framework.name;
      const variant = textParam(params.variant) ?? plan.framework.variant;
      return { component: frameworkComponent(framework, variantKind(plan.framework, params.variant)), stepId: step.id, os, release: plan.framework.version, variant };
    }
    case 'cuda-toolkit':
      // The step exists only to install; a kept toolkit downloads nothing.
      if (plan.cudaToolkit.action === 'keep' || plan.cudaToolkit.action === 'none') return null;
      return { component: 'cuda-toolkit', stepId: step.id, os, release: textParam(params.version) ?? plan.cudaToolkit.version };
    case 'cudnn':
      return plan.cudnn.action === 'install' ? { component: 'cudnn', stepId: step.id, os, release: textParam(params.version) ?? plan.cudnn.version } : null;
    case 'driver':
      // Under WSL the user updates the Windows driver by hand; DL Setup downloads nothing for it.
      if (params.manual === true) return null;
      return params.action === 'install' || params.action === 'upgrade' ? { component: 'driver', stepId: step.id, os, release: textParam(params.minimumVersion) ?? plan.driver.target } : null;
    default:
      // python-env, env-vars and cuda-repo fetch nothing worth counting.
      return null;
  }
}

/**
 * The row measured on this very release and build, for this OS or else for every OS. A row of another release, build
 * or OS does not apply: torch 2.7.1 cu126's 2.8 GB says nothing about torch 1.12.1 cu102's wheel.
 */
function sizeRow(sizes: DownloadSizeTable, download: Download) {
  const rows = sizes.rows.filter(
    (row) => row.component === download.component && row.release === download.release && (row.variant === undefined || row.variant === download.variant),
  );
  return rows.find((row) => row.os === download.os) ?? rows.find((row) => row.os === undefined);
}

/** The framework's files as the index listed them (issue 32): their real sizes, when the index gave every one. */
function indexRow(plan: Plan, download: Download): { megabytes: number; source: string } | undefined {
  const files = plan.index?.status === 'resolved' ? (plan.index.files ?? []) : [];
  if (download.stepId !== 'framework' || files.length === 0 || files.some((file) => file.size === null)) return undefined;
  const bytes = files.reduce((sum, file) => sum + (file.size ?? 0), 0);
  return { megabytes: Math.round(bytes / 1e5) / 10, source: `${files.length} files on ${plan.index!.indexes.join(', ')}` };
}

/** Estimates what a plan downloads from its steps: the index's own sizes where it was asked, else data/download-sizes.json. */
export function estimateDownload(plan: Plan, sizes: DownloadSizeTable): DownloadEstimate {
  const items: DownloadItem[] = [];
  const unknown: string[] = [];
  let total = 0;
  for (const step of plan.steps) {
    const download = stepDownload(plan, step);
    if (!download) continue;
    const row = indexRow(plan, download) ?? sizeRow(sizes, download);
    if (row) {
      items.push({ component: download.component, stepId: download.stepId, megabytes: row.megabytes, source: row.source });
      total += row.megabytes;
    } else {
      items.push({ component: download.component, stepId: download.stepId, megabytes: null });
      if (!unknown.includes(download.component)) unknown.push(download.component);
    }
  }
  return { megabytes: Math.round(total * 10) / 10, items, unknown };
}

/** The table's decimal megabytes (as pip and apt print them) as "850 MB" or "2.8 GB": the Plan screen and `dlsetup plan` alike. */
export function formatMegabytes(megabytes: number): string {
  return formatBytes(megabytes * 1e6);
}

/** Whole seconds to fetch `megabytes` at `megabytesPerSecond`; null when the speed is not a positive number. */
export function estimateSeconds(megabytes: number, megabytesPerSecond: number): number | null {
  if (!Number.isFinite(megabytesPerSecond) || megabytesPerSecond <= 0 || !Number.isFinite(megabytes)) return null;
  return megabytes <= 0 ? 0 : Math.ceil(megabytes / megabytesPerSecond);
}
