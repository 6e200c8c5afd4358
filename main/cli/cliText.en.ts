/** The lines the `dlsetup` commands print themselves (not their engines' or formatters'), in English. */
export const cliTextEn = {
  'verify.reportSaved': 'Report saved: {{path}}',
  'verify.noEarlierReport': 'No earlier report to compare with: this run is the first one kept.',

  'planFile.cannotRead': 'Cannot read the plan "{{file}}". Make one with: dlsetup plan --framework pytorch --json > plan.json',
  'planFile.notAPlan': '"{{file}}" is not a DL Setup plan (make one with dlsetup plan --json).',
  'install.planBlocked': 'This plan is blocked: {{blockers}}',
  'install.beforeYouStart': 'Before you start: {{notice}}',
  'install.confirm': 'Carry out these steps?',
  'install.nothingChanged': 'Nothing was changed.',
  'install.succeeded': 'Installed (run {{runId}}). Next: dlsetup verify',
  'install.needsReboot': 'Restart the computer, then continue with: dlsetup install --resume {{runId}}',
  // {{detail}} is empty or install.errorDetail.
  'install.cancelled': 'The install was cancelled{{detail}} (run {{runId}}).',
  'install.failed': 'The install failed{{detail}} (run {{runId}}).',
  'install.errorDetail': ': {{message}}',
  'install.whatNext': 'Undo what it changed: dlsetup rollback {{runId}}   Continue it: dlsetup install --resume {{runId}}',

  // dlsetup rollback; the actions it lists are the engine's own sentences.
  'rollback.wouldUndo': 'Rolling back run {{runId}} would:',
  'rollback.willUndo': 'Rolling back run {{runId}} will:',
  'rollback.adminMark': '[admin]',
  'rollback.nothingElseTouched': 'Nothing else on this machine is touched.',
  'rollback.nothingLeft': 'Run {{runId}} has nothing left to undo.',
  'rollback.needsYes': 'Add --yes to undo without a terminal to confirm in.',
  'rollback.confirm': 'Undo these changes?',
  'rollback.done': 'Rolled back run {{runId}}.',
  'rollback.withProblems': 'Rollback finished with problems:',

  // The last line of a failure: where to look next.
  'failure.whereToLook': 'Log: {{logFile}}; run journal: {{journal}}',
  'failure.log': 'Log: {{logFile}}',

  // dlsetup data check: how old each data table's review is.
  'data.allFresh': 'All {{total}} data tables were reviewed within the last {{days}} days (today is {{today}}).',
  'data.stale': '{{count}} of {{total}} data tables were last reviewed more than {{days}} days ago (today is {{today}}). Re-read their sources and refresh them as data/README.md describes:',
  'data.staleTable': '{{table}}: reviewed {{reviewedAt}}, {{age}} days ago',
  'data.neverReviewed': '{{table}}: no review date',
  'data.noSources': '(no source links in this table; see data/sources/compat-facts.json)',
} as const;
