import { defineConfig } from 'vitest/config';

// Two lanes (docs/testing.md): `unit` is quick on 2 cores; `integration` drives real tools — apt/dpkg in a sysroot, pip
// and venv, ansible, shellcheck and the shells, Debian's PyTorch, the CUDA compiler, the built CLI as a process, tmpfs
// disks — with longer timeouts, so load on the machine cannot make it flaky.
const INTEGRATION = [
  'main/export/exportAnsible.test.ts',
  'main/export/exportStructure.test.ts',
  'main/export/planScriptStructure.test.ts',
  'main/export/exportGenerators.test.ts',
  'main/export/exportTemplates.test.ts',
  'main/export/quoteLanguages.test.ts',
  'main/install/frameworkInstall.test.ts',
  'main/install/pinnedInstall.test.ts',
  'main/install/aptSteps.test.ts',
  'main/install/aptRollbackExact.test.ts',
  // dpkg-query -S reads every package's file list: seconds on a full system.
  'main/install/elevation/etcSideEffects.test.ts',
  'main/install/etcRollbackScope.test.ts',
  'main/install/steps/**/*.test.ts',
  // Real pip in a venv against pip.conf files in a temp HOME.
  'main/install/pip/readPipConfig.test.ts',
  'main/install/journal/journalDurability.test.ts',
  'main/install/installLock.test.ts',
  'main/install/elevation/elevation.test.ts',
  'main/cli/badInputs.test.ts',
  'main/cli/commands/installCommand.test.ts',
  'main/verify/verify.test.ts',
  'main/verify/runFrameworkCheck.test.ts',
  'main/verify/runToolkitCheck.test.ts',
  'main/verify/checkScriptDiagnosis.test.ts',
  'main/verify/environments/realSystemPython.test.ts',
  // The built CLI as a process under a heap cap, on hostile environments (hard-linked RECORDs, FIFOs, trapped interpreters).
  'main/verify/environments/readOnlyEnvironments.test.ts',
  'main/detect/collectEnvSuperset.test.ts',
  // Real install runs in this process (venvs, journals, the install lock keyed on this pid).
  'main/cli/failureFooter.test.ts',
  'main/cli/secretsBoundaries.test.ts',
  'main/cli/commands/installCommandLocale.test.ts',
  'main/system/installText.test.ts',
  'main/install/journal/journalSchema.test.ts',
  'main/install/runner.test.ts',
  'main/transport/handlersLog.test.ts',
  // Timed transfers over loopback connections (adaptive connection count, mirror speeds): load on the cores moves them.
  'main/download/segmentedDownload.test.ts',
  'main/network/mirrorChoice.test.ts',
  // The real check script under Debian's Python and torch.
  'main/verify/noNvidiaGpu.test.ts',
  // Real processes and loopback servers: the helper started over a loopback connection (UAC stand-in), child
  // processes holding locks, the serve command, the measured default mirror.
  'main/system/runCommand.test.ts',
  'main/system/fileLock.test.ts',
  'main/download/downloadLock.test.ts',
  // Hostile loopback download servers (endless, drip, huge claims) against the size and time bounds.
  'main/download/downloadBounds.test.ts',
  'main/install/elevation/connectBack.test.ts',
  'main/install/elevation/uacElevation.test.ts',
  'main/cli/commands/serveCommand.test.ts',
  // Hundreds of loopback sockets against a serve, with a time bound for the token holder.
  'main/transport/slowSocketFlood.test.ts',
  'main/network/mirrorDefault.test.ts',
  // The zh-CN leftovers scan runs every CLI command on six simulated machines in both languages (10–20 s).
  'main/cli/zhLeftovers.test.ts',
  // The toolkit check runs nvcc (and verify a Python) as real processes, in both languages.
  'main/verify/verifyText.test.ts',
  // The built CLI as a process on a simulated host with hostile GPU names, folder names and pasted text: its raw bytes.
  'main/cli/terminalSafety.test.ts',
];
const ALL = ['shared/**/*.test.ts', 'main/**/*.test.ts', 'renderer/**/*.test.{ts,tsx}', 'data/**/*.test.ts', 'scripts/**/*.test.ts', 'testkit/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    pool: 'forks',
    projects: [
      { extends: true, test: { name: 'unit', include: ALL, exclude: INTEGRATION, testTimeout: 20_000, pool: 'threads', maxWorkers: 2, isolate: false, setupFiles: ['testkit/unitFileEnv.ts'] } },
      // Forks: each file its own process, as the install lock and the tools these tests start expect.,
      { extends: true, test: { name: 'integration', include: INTEGRATION, testTimeout: 120_000, hookTimeout: 120_000 } },
    ],
  },
});
