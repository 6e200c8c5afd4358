/** The labels of the `dlsetup plan` text output (headings, table, short values), in English. */
export const planSummaryTextEn = {
  title: 'DL Setup plan: {{framework}}',
  status: 'status: {{status}}',
  method: 'method: {{method}}',
  'status.ok': 'ok',
  'status.blocked': 'blocked',

  'table.component': 'Component',
  'table.action': 'Action',
  'table.version': 'Version',
  'component.driver': 'Driver',

  // What the plan does to each component.
  'action.install': 'install',
  'action.upgrade': 'upgrade',
  'action.keep': 'keep',
  'action.bundled': 'bundled',
  'action.none': 'none',

  'gpu.computeCapability': '{{name}} (compute capability {{cc}})',
  'gpu.gfxArch': '{{name}} ({{arch}})',
  'gpu.none': 'none',
  'driver.keep': '{{current}} (needs {{minimum}} or newer)',
  'driver.unused': '{{current}} (not used by this build)',
  'driver.change': '{{target}} or newer (needs {{minimum}} or newer)',
  notNeeded: 'not needed',
  'toolkit.bundled': 'not needed: the wheels bring CUDA {{cuda}}',

  'section.steps': 'Steps',
  'step.admin': '[admin]',
  'section.download': 'Download',
  'download.about': 'about {{size}}',
  'download.unknown': ' (size unknown, not included: {{components}})',
  'section.why': 'Why',
  'section.warnings': 'Warnings',
  'section.blocked': 'Blocked',
  nearestRequest: 'Nearest working request: {{command}}',
  dataReviewed: 'Compatibility data reviewed {{date}}.',
} as const;
