// Issue 28's bench rows: what the NVIDIA device table (data/nvidia-devices.json) costs. Detection on a new workstation
// (simulated: sysfs + the real `lspci -nn` capture of an RTX 3080, no NVIDIA driver) with the full table, against the
// same detection with a table of no devices (DLSETUP_DATA_DIR), run in turns; and the table's share of what the CLI
// reads and of the renderer bundle, which inlines it (and data/gpus.json, for the GPU picker).
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { measureSideBySide } from './measure.mjs';
import { loadTestkit } from './testkit.mjs';

export const title = 'Device table: detection with and without data/nvidia-devices.json, and its share of the bundles';
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Alternating single runs: the ±10 % target needs both medians taken under the same load.
const ROUNDS = 9;
const UBUNTU = { '/etc/os-release': 'NAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\n', '/usr/bin/apt-get': '' };
const RTX_3080 = '/sys/bus/pci/devices/0000:01:00.0';

const bytesIn = (dir, ext) => readdirSync(dir).filter((file) => file.endsWith(ext)).reduce((sum, file) => sum + statSync(path.join(dir, file)).size, 0);
const percent = (part, whole) => `${((100 * part) / whole).toFixed(1)} %`;
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** The object literal Vite inlined for a JSON import, from its opening brace to the matching one (strings skipped). */
function literalAt(text, start) {
  let depth = 0;
  let quote = null;
  for (let at = start; at < text.length; at++) {
    const char = text[at];
    if (quote) {
      if (char === '\\') at++;
      else if (char === quote) quote = null;
    } else if (char === '"' || char === "'" || char === '`') quote = char;
    else if (char === '{' || char === '[') depth++;
    else if (char === '}' || char === ']') {
      depth--;
      if (depth === 0) return text.slice(start, at + 1);
    }
  }
  throw new Error('unterminated literal');
}

/** One data table inside the renderer bundle, found by its first fields as Vite writes them. */
function inlinedTable(bundle, marker) {
  const at = bundle.indexOf(marker);
  if (at < 0) throw new Error(`the renderer bundle does not hold ${marker}: run node scripts/build.mjs first`);
  return literalAt(bundle, at);
}

/**
 * What the table itself costs detection, cold in a fresh node as `dlsetup detect` meets it: read, schema check and the
 * lookup of one GPU (dist/main, compiled by the build), in ms, printed by the child.
 */
const TABLE_STEP = `
const dist = ${JSON.stringify(path.join(root, 'dist'))};
const [{ loadDataTable }, { nvidiaDeviceTableSchema }, { enrichNvidiaDevices }] = await Promise.all([
  import(dist + '/main/data/loadDataTable.js'), import(dist + '/shared/data/nvidiaDevicesSchema.js'), import(dist + '/main/detect/enrichNvidiaDevices.js'),
]);
const started = performance.now();
const table = loadDataTable('nvidia-devices', nvidiaDeviceTableSchema);
enrichNvidiaDevices([{ vendor: 'nvidia', name: 'GA102 [GeForce RTX 3080]', pciId: '10de:2206', source: 'sysfs' }], table);
process.stdout.write(String(performance.now() - started));
`;

function tableStepMs(env) {
  return Number(execFileSync(process.execPath, ['--input-type=module', '-e', TABLE_STEP], { env, encoding: 'utf8' }));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

function detectArgv() {
  return [process.execPath, path.join(root, 'bin', 'dlsetup.js'), 'detect', '--json'];
}

async function detectionRows() {
  const { createSimulatedHost } = await loadTestkit('simulatedHost.ts');
  const host = await createSimulatedHost({
    files: { ...UBUNTU, [`${RTX_3080}/class`]: '0x030000\n', [`${RTX_3080}/vendor`]: '0x10de\n', [`${RTX_3080}/device`]: '0x2206\n' },
    tools: { lspci: { stdout: { fixture: 'lspci/lspci_-nn_rtx3080_ga102.txt' } } },
    isolatePath: true,
  });
  const table = JSON.parse(readFileSync(path.join(root, 'data', 'nvidia-devices.json'), 'utf8'));
  const overlay = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-bench-table-'));
  // The same table with no device rows: detection skips the id lookup and the table's parse and check shrink to nothing.
  writeFileSync(path.join(overlay, 'nvidia-devices.json'), JSON.stringify({ ...table, devices: [] }));
  const env = { ...process.env, ...host.env };
  const argv = detectArgv();
  try {
    // Both answer the same GPU (the empty table still has the chip families lspci's "GA102" needs): checked, not assumed.
    const withTable = JSON.parse(execFileSync(argv[0], argv.slice(1), { env, encoding: 'utf8' })).gpus[0];
    const without = JSON.parse(execFileSync(argv[0], argv.slice(1), { env: { ...env, DLSETUP_DATA_DIR: overlay }, encoding: 'utf8' })).gpus[0];
    if (withTable?.computeCapabilitySource !== 'pci-id' || without?.computeCapabilitySource !== 'lspci-chip') {
      throw new Error(`unexpected answers: ${JSON.stringify([withTable?.computeCapabilitySource, without?.computeCapabilitySource])}`);
    }
    const { ours: [ours], peer } = measureSideBySide([{ argv, env }], argv, { peerRuns: ROUNDS, oursPerPeer: 1, peerEnv: { ...env, DLSETUP_DATA_DIR: overlay } });
    const withTableMs = [];
    const withoutMs = [];
    for (let round = 0; round < ROUNDS; round++) {
      withTableMs.push(tableStepMs(env));
      withoutMs.push(tableStepMs({ ...env, DLSETUP_DATA_DIR: overlay }));
    }
    const load = `load avg ${os.loadavg()[0].toFixed(2)} on ${os.cpus().length} cores`;
    const peerName = 'same, table without devices';
    return [
      { name: `detect --json, new workstation (RTX 3080 by id, ${table.devices.length} device ids) (wall)`, ours: ours.ms, peer: peer.ms, peerName, unit: 'ms', note: `issue target: within ±10 % (peer/ours 0.91-1.10); ${ROUNDS} alternating runs each; ${load}` },
      { name: 'detect --json, new workstation (peak RSS)', ours: ours.peakRssMiB, peer: peer.peakRssMiB, peerName, unit: 'MiB' },
      {
        name: 'the table step alone: read + schema check + id lookup (cold, in process)',
        ours: median(withTableMs),
        peer: median(withoutMs),
        peerName,
        unit: 'ms',
        note: `the part of detection the table adds; ${ROUNDS} alternating fresh processes each`,
      },
    ];
  } finally {
    rmSync(overlay, { recursive: true, force: true });
    await host.cleanup();
  }
}

function bundleRows() {
  const tableFile = readFileSync(path.join(root, 'data', 'nvidia-devices.json'));
  const cliBytes = bytesIn(path.join(root, 'dist', 'cli'), '.js');
  const assets = path.join(root, 'dist', 'renderer', 'assets');
  const bundleFile = readdirSync(assets).find((file) => file.endsWith('.js'));
  const bundle = readFileSync(path.join(assets, bundleFile), 'utf8');
  const rendererBytes = Buffer.byteLength(bundle);
  const rendererGzip = gzipSync(bundle).length;
  const devices = inlinedTable(bundle, '{reviewedAt:`2026-12-05`,generatedBy:`scripts/generateNvidiaDevices');
  const gpus = inlinedTable(bundle, '{reviewedAt:`2026-12-02`,note:`tensorTflops are DENSE');
  const share = (literal) => {
    const bytes = Buffer.byteLength(literal);
    const gzip = gzipSync(literal).length;
    return { bytes, note: `${percent(bytes, rendererBytes)} of ${kib(rendererBytes)}; gzip ${kib(gzip)} = ${percent(gzip, rendererGzip)} of ${kib(rendererGzip)}` };
  };
  const deviceShare = share(devices);
  const gpusShare = share(gpus);
  return [
    {
      name: 'CLI: data/nvidia-devices.json, read at run time',
      ours: tableFile.length / 1024,
      unit: 'KiB',
      note: `${percent(tableFile.length, cliBytes + tableFile.length)} of the CLI (dist/cli ${kib(cliBytes)} + the table); not in the bundle`,
    },
    { name: 'renderer bundle: the device table inlined', ours: deviceShare.bytes / 1024, unit: 'KiB', note: deviceShare.note },
    { name: 'renderer bundle: data/gpus.json inlined (GPU picker)', ours: gpusShare.bytes / 1024, unit: 'KiB', note: gpusShare.note },
  ];
}

export async function run() {
  return [...(await detectionRows()), ...bundleRows()];
}
