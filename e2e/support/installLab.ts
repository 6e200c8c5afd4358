import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { pythonForInstallTests, type RealPython } from '../../testkit/install/realPython.js';
import { buildTestWheel, startTestIndex, type TestIndex } from '../../testkit/install/wheelIndex.js';
import type { SimulatedHost, SimulatedHostOptions } from '../../testkit/simulatedHost.js';
import type { ArgOf, Channel, ValueOf } from '../../shared/ipc/contract.js';
import type { ServeHandle } from './serve.js';
import { wizardHost, type WIZARD_HOSTS } from './wizardHosts.js';

export interface InstallHost extends Omit<SimulatedHost, 'env'> {
  env: SimulatedHost['env'] & Record<string, string>;
  python: RealPython & { rawProgress: boolean };
}

/**
 * A wizard host whose PATH also has a real `pythonX.Y` (and nothing else Python): the venv step creates real environments
 * with it. pip there sees no configuration of this machine (config files, a local wheelhouse, constraints), only the
 * indexes the plan names.
 */
export async function installHost(name: keyof typeof WIZARD_HOSTS, extra: SimulatedHostOptions = {}): Promise<InstallHost> {
  const python = pythonForInstallTests();
  const host = await wizardHost(name, extra);
  symlinkSync(python.path, path.join(host.binDir, `python${python.version}`));
  return { ...host, env: { ...host.env, PIP_CONFIG_FILE: os.devNull, PIP_FIND_LINKS: '', PIP_EXTRA_INDEX_URL: '', PIP_CONSTRAINT: '' }, python };
}

/** Where a host path the engine was given lands on this machine (the engine resolves it under DLSETUP_SYSROOT). */
export function hostFile(host: Pick<SimulatedHost, 'root'>, hostPath: string): string {
  return path.join(host.root, hostPath);
}

/**
 * On a real machine a path is the same for every service. On a simulated host the install engine creates the venv under
 * DLSETUP_SYSROOT while verify:run runs `<env>/bin/python` as given (reported as an engine inconsistency): this link makes
 * `hostPath` one folder for both, as it is on a real machine.
 */
export function sameFolderForEveryService(host: Pick<SimulatedHost, 'root'>, hostPath: string): void {
  mkdirSync(path.dirname(hostPath), { recursive: true });
  symlinkSync(hostFile(host, hostPath), hostPath);
}

/** A loopback stand-in for download.pytorch.org: `url` is what the Choose screen's custom PyTorch URL field gets. */
export interface TorchMirror {
  url: string;
  index: TestIndex;
  close(): Promise<void>;
}

/**
 * Serves one real (small, random-payload) `torch` wheel of the plan's version at `<url>/<variant>/torch/`, the layout
 * DL Setup expects of a PyTorch mirror. The wheel is not PyTorch: `import torch` gives a module with only __version__.
 */
export async function startTorchMirror(version: string, variant: string, payloadBytes: number): Promise<TorchMirror> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-torch-mirror-'));
  buildTestWheel(dir, 'torch', version, payloadBytes);
  const index = await startTestIndex(dir, { root: `/whl/${variant}` });
  return {
    url: `${index.url}/whl`,
    index,
    close: async () => {
      await index.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A mirror that answers every request with 403 Forbidden, as a mirror blocking the caller does. */
export async function startRefusingMirror(): Promise<{ url: string; requests: number; close(): Promise<void> }> {
  const mirror = { url: '', requests: 0, close: async () => undefined };
  const server = http.createServer((_request, response) => {
    mirror.requests += 1;
    response.statusCode = 403;
    response.end('Forbidden');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  mirror.url = `http://127.0.0.1:${(server.address() as { port: number }).port}/whl`;
  mirror.close = () =>
    new Promise<undefined>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve(undefined));
    });
  return mirror;
}

/** One contract call to a running `dlsetup serve`, as the test's own client (to learn the plan the wizard will show). */
export async function invoke<C extends Channel>(serve: ServeHandle, channel: C, arg: ArgOf<C>): Promise<ValueOf<C>> {
  const response = await fetch(`${serve.origin}/api/invoke/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${serve.token}`, Origin: serve.origin },
    body: JSON.stringify({ arg }),
  });
  const result = (await response.json()) as { ok: true; value: ValueOf<C> } | { ok: false; error: { code: string; message: string } };
  if (!result.ok) throw new Error(`${channel}: ${result.error.code} ${result.error.message}`);
  return result.value;
}
