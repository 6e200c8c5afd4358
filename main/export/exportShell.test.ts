import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { upsertMarkedBlock } from '../install/markedBlock.js';
import { stepForKind } from '../install/stepRegistry.js';
import { envBlockBody } from '../install/steps/envVarsStep.js';
import { examplePlan } from '../../testkit/export/examplePlans.js';
import { exportPlan } from './exportPlan.js';
import { writeExportFiles } from './writeExportFiles.js';
import { sayRunFailure } from '../install/runFailureWords.js';

const KEYRING = 'fake cuda-keyring package\n';

/** Small stand-ins for the privileged tools (and the Python interpreter); each records its argv, one tab-separated line. */
const FAKES: Record<string, string> = {
  sudo: `record sudo "$@"
[ "\${FAKE_SUDO_DENY:-0}" = 1 ] && { echo "sudo: a password is required" >&2; exit 1; }
[ "$1" = -n ] && shift
[ "$1" = -- ] && shift
exec "$@"`,
  id: 'echo 1000',
  'apt-get': `record apt-get "$@"
# Another program holding dpkg's lock for the whole wait, as apt says it.
[ "\${FAKE_APT_LOCKED:-0}" = 1 ] && { echo "E: Could not get lock /var/lib/dpkg/lock-frontend. It is held by process 77 (unattended-upgr)" >&2; exit 100; }
for arg; do
  case $arg in
    *.deb) echo cuda-keyring >>"$FAKE_STATE/dpkg"; mkdir -p "$R/etc/apt/sources.list.d"
           echo "deb [signed-by=/usr/share/keyrings/cuda-archive-keyring.gpg] https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64/ /" >"$R/etc/apt/sources.list.d/cuda-ubuntu2204-x86_64.list" ;;
    cuda-toolkit-*) echo "$arg" >>"$FAKE_STATE/dpkg"; mkdir -p "$R/usr/local/cuda-11.2/bin"; printf '#!/bin/sh\\n' >"$R/usr/local/cuda-11.2/bin/nvcc"; chmod +x "$R/usr/local/cuda-11.2/bin/nvcc" ;;
    libcudnn8=*|nvidia-driver-*) echo "\${arg%%=*}" >>"$FAKE_STATE/dpkg" ;;
  esac
done`,
  'dpkg-query': `for last; do :; done
grep -qx "$last" "$FAKE_STATE/dpkg" 2>/dev/null || exit 1
printf 'ii '`,
  'update-alternatives': `[ "$1" = --query ] || record update-alternatives "$@"
case $1 in
  --query) [ -f "$FAKE_STATE/alt" ] || exit 2; cat "$FAKE_STATE/alt" ;;
  --install) echo "Alternative: $4" >>"$FAKE_STATE/alt" ;;
  --set) sed -i '/^Value:/d' "$FAKE_STATE/alt"; echo "Value: $3" >>"$FAKE_STATE/alt" ;;
esac`,
  ldconfig: 'record ldconfig "$@"',
  curl: `record curl "$@"
while [ $# -gt 0 ]; do [ "$1" = -o ] && { printf '${KEYRING.replace(/\n/g, '\\n')}' >"$2"; shift; }; shift; done`,
  // The environment's interpreter: pip records and leaves dist-info behind; everything else is the real Python with torch.
  'python3.10': `record python3.10 "$@"
[ "$1 $2" = "-m venv" ] || exit 1
mkdir -p "$3/bin" "$3/site"
cat >"$3/bin/python" <<EOF
#!/bin/sh
if [ "\\$1 \\$2 \\$3" = "-m pip install" ]; then
  printf 'env-python' >>"$FAKE_STATE/record"; for a; do printf '\\t%s' "\\$a" >>"$FAKE_STATE/record"; done; echo >>"$FAKE_STATE/record"
  for a; do case \\$a in *==*) mkdir -p "$3/site/\\\${a%%==*}-\\\${a#*==}.dist-info"; printf 'Metadata-Version: 2.1\\nName: %s\\nVersion: %s\\n' "\\\${a%%==*}" "\\\${a#*==}" >"$3/site/\\\${a%%==*}-\\\${a#*==}.dist-info/METADATA" ;; esac; done
  exit 0
fi
# The fake environment is Python 3.10 as far as the script's version test is concerned.
case "\\$2" in *sys.version_info*) exit 0 ;; esac
PYTHONPATH="$3/site" exec /usr/bin/python3 "\\$@"
EOF
chmod +x "$3/bin/python"`,
};

interface Host {
  dir: string;
  root: string;
  bin: string;
  state: string;
  out: string;
  env: NodeJS.ProcessEnv;
}

function makeHost(): Host {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-shell-'));
  const host = { dir, root: path.join(dir, 'root'), bin: path.join(dir, 'bin'), state: path.join(dir, 'state'), out: path.join(dir, 'export') } as Host;
  for (const folder of [host.bin, host.state, path.join(host.root, 'etc', 'profile.d'), path.join(host.root, 'etc', 'ld.so.conf.d'), path.join(host.root, 'proc')]) mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(host.root, 'etc', 'os-release'), 'NAME="Ubuntu"\nID=ubuntu\nVERSION_ID="22.04"\nVERSION_CODENAME=jammy\n');
  writeFileSync(path.join(host.root, 'etc', 'profile.d', 'dlsetup-cuda.sh'), '# a line the admin wrote\nexport FOO=1\n');
  writeFileSync(path.join(host.root, 'proc', 'modules'), 'snd 1 0 - Live 0x0\n');
  const record = `record() { n=$1; shift; { printf '%s' "$n"; for a; do printf '\\t%s' "$a"; done; echo; } >>"$FAKE_STATE/record"; }\n`;
  for (const [name, body] of Object.entries(FAKES)) {
    writeFileSync(path.join(host.bin, name), `#!/bin/sh\n${record}${body}\n`);
    chmodSync(path.join(host.bin, name), 0o755);
  }
  host.env = {
    PATH: `${host.bin}:/usr/bin:/bin`,
    HOME: dir,
    LANG: 'C',
    R: host.root,
    FAKE_STATE: host.state,
    DLSETUP_SYSROOT: host.root,
    DLSETUP_ENV_DIR: path.join(dir, 'env'),
    DLSETUP_LOG: path.join(dir, 'install.log'),
    DLSETUP_REPORT_DIR: path.join(dir, 'reports'),
    CUDA_KEYRING_SHA256: createHash('sha256').update(KEYRING).digest('hex'),
  };
  return host;
}

/** A host whose NVIDIA driver 580 is already loaded, with the V100 TensorFlow system plan exported to it. */
async function driverLoadedHost(): Promise<Host> {
  const host = makeHost();
  writeFileSync(path.join(host.root, 'proc', 'modules'), '');
  mkdirSync(path.join(host.root, 'proc', 'driver', 'nvidia'), { recursive: true });
  writeFileSync(path.join(host.root, 'proc', 'driver', 'nvidia', 'version'), 'NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.173.02  Tue Jun 23 08:38:17 UTC 2026\n');
  await writeExportFiles(host.out, exportPlan(examplePlan('v100TensorflowSystem'), 'shell').files);
  return host;
}

function recorded(host: Host): string[][] {
  const file = path.join(host.state, 'record');
  return existsSync(file) ? readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map((line) => line.split('\t')) : [];
}

function runScript(host: Host, extraEnv: NodeJS.ProcessEnv = {}) {
  // No terminal, like a run over SSH or from cron.
  return spawnSync('sh', [path.join(host.out, 'install.sh')], { cwd: host.dir, env: { ...host.env, ...extraEnv }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 60_000 });
}

/** True when `needle` appears in order (not necessarily adjacent) inside `haystack`. */
function subsequence(haystack: string[], needle: string[]): boolean {
  let at = 0;
  for (const word of haystack) if (word === needle[at]) at++;
  return at === needle.length;
}

const hasShellcheck = spawnSync('shellcheck', ['--version']).status === 0;

describe('shell export of the V100 + TensorFlow 2.10 system plan, run for real against a temp prefix', () => {
  const plan = examplePlan('v100TensorflowSystem');
  let host: Host;
  let first: ReturnType<typeof runScript>;

  beforeAll(async () => {
    host = makeHost();
    await writeExportFiles(host.out, exportPlan(plan, 'shell').files);
    first = runScript(host);
  }, 60_000);
  afterAll(() => execFileSync('rm', ['-rf', host.dir]));

  test('the script is valid POSIX sh and shellcheck-clean', () => {
    const script = path.join(host.out, 'install.sh');
    expect(spawnSync('sh', ['-n', script]).status).toBe(0);
    if (hasShellcheck) expect(spawnSync('shellcheck', ['--shell=sh', script], { encoding: 'utf8' }).stdout).toBe('');
  });

  test('first run installs every step through sudo only where the step is elevated, then asks for the restart', () => {
    expect(first.stderr).toContain('Restart the computer to load the new NVIDIA driver');
    expect(first.status).toBe(3);
    const commands = recorded(host);
    const viaSudo = commands.filter((argv) => argv[0] === 'sudo').map((argv) => argv.slice(3));
    expect(viaSudo).toContainEqual(['env', 'DEBIAN_FRONTEND=noninteractive', 'LC_ALL=C', 'apt-get', '-o', 'DPkg::Lock::Timeout=300', '-o', 'Dpkg::Use-Pty=0', 'install', '--yes', 'nvidia-driver-580']);
    expect(commands).toContainEqual(expect.arrayContaining(['curl', 'https://developer.download.nvidia.com/compute/cuda/repos/ubuntu2204/x86_64/cuda-keyring_1.1-1_all.deb']));
    expect(viaSudo.some((argv) => argv.includes('install') && argv.at(-1)!.endsWith('cuda-keyring.deb'))).toBe(true);
    expect(viaSudo.some((argv) => argv.at(-1) === 'update' && argv.includes('apt-get'))).toBe(true);
    expect(viaSudo).toContainEqual(['update-alternatives', '--install', '/usr/local/cuda', 'cuda', '/usr/local/cuda-11.2', '112']);
    expect(viaSudo).toContainEqual(['update-alternatives', '--set', 'cuda', '/usr/local/cuda-11.2']);
    expect(viaSudo.some((argv) => argv.at(-1) === 'libcudnn8=8.1.*+cuda11.2')).toBe(true);
    expect(viaSudo).toContainEqual(['ldconfig']);
    // Unprivileged steps never go through sudo.
    expect(commands).toContainEqual(['python3.10', '-m', 'venv', host.env.DLSETUP_ENV_DIR]);
    const pip = commands.find((argv) => argv[0] === 'env-python')!;
    expect(pip).toEqual(['env-python', '-m', 'pip', 'install', '--disable-pip-version-check', '--no-input', '--no-color', '--progress-bar', 'off', ...examplePlan('v100TensorflowSystem').framework!.packages]);
    expect(viaSudo.some((argv) => argv.includes('pip') || argv.includes('venv'))).toBe(false);
  });

  test('every concrete command the install engine would run appears in the script run (same commands)', () => {
    const flat = recorded(host).map((argv) => (argv[0] === 'sudo' ? argv.slice(3) : argv));
    const toolkit = stepForKind('cuda-toolkit');
    const cudnn = stepForKind('cudnn');
    const engine = [
      ...toolkit.describe(toolkit.parse({ version: '11.2' })),
      ...stepForKind('driver').describe(stepForKind('driver').parse({ branch: '580' })),
      ...cudnn.describe(cudnn.parse({ version: '8.1.0', cudaMajor: '11', package: 'libcudnn8' })),
    ];
    for (const command of engine.filter((c) => c.argv.length > 0 && !c.argv.some((arg) => arg.startsWith('<')))) {
      const found = flat.some((argv) => subsequence(argv, command.argv) || (command.argv.at(-1) === 'libcudnn8' && subsequence(argv, command.argv.slice(0, -1))));
      expect(found, command.argv.join(' ')).toBe(true);
    }
  });

  test('the CUDA block is the engine\'s marked block, added after what the admin wrote, with a backup and ld.so.conf.d entry', () => {
    const profile = readFileSync(path.join(host.root, 'etc', 'profile.d', 'dlsetup-cuda.sh'), 'utf8');
    const block = upsertMarkedBlock('', 'cuda', envBlockBody({ scope: 'system', cudaHome: '/usr/local/cuda-11.2', libraryPaths: [], shellRc: '' }));
    expect(profile).toBe(`# a line the admin wrote\nexport FOO=1\n${block}`);
    expect(readFileSync(path.join(host.root, 'etc', 'profile.d', 'dlsetup-cuda.sh.dlsetup-backup'), 'utf8')).toBe('# a line the admin wrote\nexport FOO=1\n');
    expect(readFileSync(path.join(host.root, 'etc', 'ld.so.conf.d', 'dlsetup-cuda.conf'), 'utf8')).toContain('/usr/local/cuda-11.2/lib64\n');
    expect(readFileSync(host.env.DLSETUP_LOG!, 'utf8')).toMatch(/\+ sudo -n -- env DEBIAN_FRONTEND=noninteractive .* install --yes nvidia-driver-580/);
  });

  test('after the restart a second run skips every step and verifies: a real report from the real check script', () => {
    mkdirSync(path.join(host.root, 'proc', 'driver', 'nvidia'), { recursive: true });
    writeFileSync(path.join(host.root, 'proc', 'driver', 'nvidia', 'version'), 'NVRM version: NVIDIA UNIX Open Kernel Module for x86_64  580.65.06  Release Build  (dvs-builder@U16)  Thu Jul 10 2025\n');
    const before = recorded(host).length;
    const second = runScript(host);
    for (const step of ['driver', 'cuda-repo', 'cuda-toolkit', 'cudnn', 'env-vars', 'python-env', 'framework']) expect(second.stderr).toContain(`[${step}] already done`);
    expect(recorded(host).slice(before)).toEqual([]);
    // TensorFlow was only "installed" by the fake pip, so the real check finds no TensorFlow to import.
    expect(second.status).toBe(2);
    const reports = readdirSync(host.env.DLSETUP_REPORT_DIR!);
    expect(reports).toHaveLength(1);
    const report = JSON.parse(readFileSync(path.join(host.env.DLSETUP_REPORT_DIR!, reports[0]!), 'utf8'));
    expect(report.host).toBe(os.hostname());
    expect(report.checks.find((check: { id: string }) => check.id === 'framework-present')).toMatchObject({ status: 'fail', code: 'FRAMEWORK_MISSING' });
  }, 60_000);
});

describe('shell export: the environment goes where the app keeps its environments', () => {
  test('$XDG_DATA_HOME/dlsetup/envs/<name> (the app\'s root), ~/.local/share when XDG_DATA_HOME is unset or relative', async () => {
    const host = await driverLoadedHost();
    try {
      const xdg = path.join(host.dir, 'xdg-data');
      runScript(host, { DLSETUP_ENV_DIR: '', XDG_DATA_HOME: xdg });
      const name = examplePlan('v100TensorflowSystem').steps.find((step) => step.kind === 'python-env')!.params.name as string;
      const venvs = () => recorded(host).filter((argv) => argv[1] === '-m' && argv[2] === 'venv').map((argv) => argv[3]);
      expect(venvs()).toEqual([path.join(xdg, 'dlsetup', 'envs', name)]);
      rmSync(path.join(xdg, 'dlsetup', 'envs', name), { recursive: true, force: true });
      runScript(host, { DLSETUP_ENV_DIR: '', XDG_DATA_HOME: 'relative/dir' });
      expect(venvs().at(-1)).toBe(path.join(host.dir, '.local', 'share', 'dlsetup', 'envs', name));
    } finally {
      execFileSync('rm', ['-rf', host.dir]);
    }
  }, 60_000);
});

describe('shell export without a terminal and without passwordless sudo', () => {
  test('stops before changing anything, with advice', async () => {
    const host = makeHost();
    try {
      await writeExportFiles(host.out, exportPlan(examplePlan('v100TensorflowSystem'), 'shell').files);
      const result = runScript(host, { FAKE_SUDO_DENY: '1' });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('sudo needs a password and there is no terminal to type it in');
      expect(recorded(host).filter((argv) => argv[0] === 'apt-get')).toEqual([]);
    } finally {
      execFileSync('rm', ['-rf', host.dir]);
    }
  });

  test('without a checksum given, the script checks the keyring against NVIDIA\'s published one for the host\'s distro', async () => {
    const host = await driverLoadedHost();
    try {
      const { CUDA_KEYRING_SHA256: _given, ...env } = host.env;
      const result = runScript({ ...host, env });
      // The test's stand-in keyring is not NVIDIA's file, so the published Ubuntu 22.04 checksum refuses it.
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('cuda-keyring package has sha256');
      expect(result.stderr).toContain('not d93190d50b98ad4699ff40f4f7af50f16a76dac3bb8da1eaaf366d47898ff8df; nothing was installed');
      expect(recorded(host).filter((argv) => argv.includes('apt-get'))).toEqual([]);
    } finally {
      execFileSync('rm', ['-rf', host.dir]);
    }
  });

  test('a keyring with the wrong sha256 is never installed', async () => {
    const host = await driverLoadedHost();
    try {
      const result = runScript(host, { CUDA_KEYRING_SHA256: 'a'.repeat(64) });
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('[driver] already done: NVIDIA driver 580.173.02 is loaded');
      expect(result.stderr).toMatch(/cuda-keyring package has sha256 [0-9a-f]{64}, not a{64}; nothing was installed/);
      expect(recorded(host).filter((argv) => argv.includes('apt-get'))).toEqual([]);
    } finally {
      execFileSync('rm', ['-rf', host.dir]);
    }
  });
});

describe('shell export: a fresh Debian\'s venv support, and a locked apt in DL Setup\'s words', () => {
  // The V100 plan on a host whose driver is loaded, with the system-python step a fresh Debian's plan starts with.
  const full = examplePlan('v100TensorflowSystem');
  const plan = { ...full, steps: [{ id: 'system-python', kind: 'system-python' as const, title: 'Install python3.10-venv', elevated: true, params: { python: '3.10' } }, ...full.steps] };

  test('installs python3.10-venv through sudo when ensurepip is missing, and skips it when it is there', async () => {
    const host = await driverLoadedHost();
    try {
      await writeExportFiles(host.out, exportPlan(plan, 'shell').files, { force: true });
      runScript(host);
      const aptInstalls = () => recorded(host).filter((argv) => argv[0] === 'sudo' && argv.includes('apt-get')).map((argv) => argv.at(-1));
      expect(aptInstalls()).toContain('python3.10-venv');
      mkdirSync(path.join(host.root, 'usr', 'lib', 'python3.10', 'ensurepip'), { recursive: true });
      writeFileSync(path.join(host.root, 'usr', 'lib', 'python3.10', 'ensurepip', '__init__.py'), '');
      const before = aptInstalls().length;
      const again = runScript(host);
      expect(again.stderr).toContain('[system-python] already done: Python 3.10 can make a venv');
      expect(aptInstalls().slice(before)).not.toContain('python3.10-venv');
    } finally {
      execFileSync('rm', ['-rf', host.dir]);
    }
  }, 60_000);

  test('apt held by another program: [APT_LOCKED] and the installer\'s own sentence, naming the holder and the wait', async () => {
    const host = await driverLoadedHost();
    try {
      const result = runScript(host, { FAKE_APT_LOCKED: '1' });
      expect(result.status).toBe(1);
      const sentence = sayRunFailure('APT_LOCKED', { program: 'unattended-upgr', pid: '77', seconds: '300' });
      expect(sentence).toContain('unattended-upgr (process 77) is installing software, so apt is locked. DL Setup waited 300 s.');
      expect(result.stderr).toContain(`ERROR: [APT_LOCKED] ${sentence}\n`);
    } finally {
      execFileSync('rm', ['-rf', host.dir]);
    }
  }, 60_000);
});
