/** What `dlsetup install` prints around the engine's sentences (the dry-run listing, the progress lines), in English. */
export const installCliTextEn = {
  // The dry run; {{mark}} is dryRun.rootMark.
  'dryRun.headerOne': 'Dry run: 1 step; nothing will be changed. Lines marked {{mark}} run as administrator (one password prompt for the whole install).',
  'dryRun.headerMany': 'Dry run: {{count}} steps; nothing will be changed. Lines marked {{mark}} run as administrator (one password prompt for the whole install).',
  'dryRun.blocked': 'The plan is blocked: {{blockers}}',
  'dryRun.step': '{{number}}. {{title}} [{{kind}}]',
  'dryRun.stepAsRoot': '{{number}}. {{title}} [{{kind}}, root]',
  'dryRun.skippedWhenDone': '(skipped when already done)',
  'dryRun.rootMark': '[root]',
  'dryRun.cannotRun': '✗ cannot run: {{message}}',

  // Progress lines.
  'progress.starting': 'Starting install {{runId}} ({{count}} steps)',
  'progress.resuming': 'Resuming install {{runId}} ({{count}} steps)',
  'progress.eta': 'ETA {{seconds}}s',
  'progress.withMessage': '{{status}}: {{message}}',
  'progress.runFinished': 'Install {{runId}} {{state}}',

  // A step's state when it finishes (StepState).
  'stepState.pending': 'pending',
  'stepState.running': 'running',
  'stepState.skipped': 'skipped',
  'stepState.succeeded': 'succeeded',
  'stepState.failed': 'failed',
  'stepState.cancelled': 'cancelled',
  'stepState.needs-reboot': 'needs-reboot',

  // A run's state when it finishes (RunStatus['state']).
  'runState.running': 'running',
  'runState.succeeded': 'succeeded',
  'runState.failed': 'failed',
  'runState.cancelled': 'cancelled',
  'runState.needs-reboot': 'needs-reboot',
  'runState.interrupted': 'interrupted',
} as const;
