import type { CliCommand } from './cliCommand.js';

export interface RegisteredCommand {
  name: string;
  summary: string;
  /** Loaded only when run, so `dlsetup --version` starts fast; undefined until the service lands. */
  load?: () => Promise<CliCommand>;
}

export const COMMANDS: RegisteredCommand[] = [
  { name: 'detect', summary: 'Detect GPUs, driver, CUDA Toolkits, cuDNN, Python environments and OS facts', load: async () => (await import('./commands/detectCommand.js')).detectCommand },
  { name: 'plan', summary: 'Resolve a compatible driver / CUDA / cuDNN / Python / framework plan', load: async () => (await import('./commands/planCommand.js')).planCommand },
  { name: 'install', summary: 'Carry out a plan step by step (driver, Toolkit, cuDNN, Python env, framework)', load: async () => (await import('./commands/installCommand.js')).installCommand },
  { name: 'rollback', summary: 'Undo what an install run changed', load: async () => (await import('./commands/rollbackCommand.js')).rollbackCommand },
  { name: 'verify', summary: 'Prove the GPU works: matmul vs spec peak, cuDNN convolution, report', load: async () => (await import('./commands/verifyCommand.js')).verifyCommand },
  { name: 'diagnose', summary: 'Explain an error message or tool output and how to fix it', load: async () => (await import('./commands/diagnoseCommand.js')).diagnoseCommand },
  { name: 'export', summary: 'Export a plan as a shell script, Ansible playbook or Dockerfile', load: async () => (await import('./commands/exportCommand.js')).exportCommand },
  { name: 'fleet', summary: 'Aggregate verify reports from many machines', load: async () => (await import('./commands/fleetCommand.js')).fleetCommand },
  { name: 'serve', summary: 'Serve the wizard on loopback for a browser (headless servers, SSH tunnels)', load: async () => (await import('./commands/serveCommand.js')).serveCommand },
  { name: 'data', summary: 'Check the data tables: which were reviewed more than 90 days ago, and the sources to re-read (exit 3 when any)', load: async () => (await import('./commands/dataCommand.js')).dataCommand },
];
