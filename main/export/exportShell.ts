import { upsertMarkedBlock } from '../install/markedBlock.js';
import { NOUVEAU_BLACKLIST } from '../install/steps/driverStep.js';
import { NVIDIA_REPO_BASE } from '../install/steps/cudaRepoStep.js';
import type { ExportFile } from './exportFile.js';
import { ARCH_PLACEHOLDER, DISTRO_PLACEHOLDER, type ExportModel } from './exportModel.js';
import { exportTemplate } from './exportTemplates.js';
import { errorText } from '../../shared/errorText.js';
import { DlsetupError } from '../../shared/errors.js';
import { shCommand as shellCommand, shComment, shWord as shellQuote, shWordWith } from '../../shared/quote/sh.js';
import type { VerifyAssets } from './verifyAssets.js';
import { frameworkSection, proxyComment, pythonEnvSection, systemPythonSection } from './exportShellPython.js';
import { runFailureTemplates } from '../install/runFailureWords.js';

/** A quoted heredoc delimiter that the embedded text cannot end early. */
function heredoc(target: string, text: string, delimiter = 'DLSETUP_EOF'): string[] {
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  if (body.split(/\r?\n/).includes(delimiter) || body.includes('\0')) {
    throw errorText.error('INVALID_ARGUMENT', 'export.heredocDelimiter', { delimiter });
  }
  return [`cat >${target} <<'${delimiter}'`, ...body.split('\n'), delimiter];
}

/** `NAME=${NAME:-'default'}`: a setting the person running the script may override from the environment. */
function setting(name: string, value: string): string {
  return `${name}=\${${name}:-${shellQuote(value)}}`;
}

/** A sentence with @name@ markers as a printf format whose %s take `order`'s values in that order. */
function printfFormat(sentence: string, order: string[]): string {
  const at = order.map((name) => sentence.indexOf(`@${name}@`));
  // An invariant of DL Setup's own English sentences, not a user's mistake.
  if (at.some((index, i) => index < 0 || (i > 0 && index < at[i - 1]!))) throw new DlsetupError('INTERNAL', `The sentence "${sentence}" does not name ${order.join(', ')} in that order.`);
  return order.reduce((text, name) => text.replace(`@${name}@`, '%s'), sentence.replace(/%/g, '%%'));
}

/** DL Setup's installer's words for a locked apt, which helpers.sh's apt_install says with its code. */
function aptLockedWords(): string[] {
  const words = runFailureTemplates();
  const locked = words.rules.find((rule) => rule.code === 'APT_LOCKED')!;
  return [
    `DLSETUP_APT_LOCK_TEXT=${shellQuote(locked.pattern)}`,
    `DLSETUP_SAY_APT_LOCKED=${shellQuote(printfFormat(locked.sentence, ['who', 'seconds']))}`,
    `DLSETUP_SAY_APT_WHO=${shellQuote(printfFormat(words.who, ['program', 'pid']))}`,
    `DLSETUP_SAY_APT_WHO_UNKNOWN=${shellQuote(words.whoUnknown)}`,
  ];
}

/** templates/shell/helpers.sh without its own header (the lines up to the first blank one). */
function helpers(): string {
  const text = exportTemplate('shell/helpers.sh');
  return text.slice(text.indexOf('\n\n') + 2).replace(/\n$/, '');
}

function driverSection(model: ExportModel): string[] {
  const d = model.driver!;
  if (d.manual) {
    return [
      `step driver ${shellQuote(`NVIDIA driver R${d.branch} (${d.minimum} or newer) on Windows`)}`,
      `log ${shellQuote(`WSL2 uses the Windows NVIDIA driver: update it on Windows to ${d.minimum} or newer; nothing is installed inside WSL.`)}`,
    ];
  }
  return [
    `step driver ${shellQuote(`Install NVIDIA driver R${d.branch} (${d.minimum} or newer)`)}`,
    `loaded=$(sed -n 's/^NVRM version:.*Kernel Module\\( for [^ ]*\\)\\{0,1\\}  *\\([0-9][0-9.]*\\).*/\\2/p' "$R/proc/driver/nvidia/version" 2>/dev/null | head -n 1)`,
    `if [ -n "$loaded" ] && version_ge "$loaded" ${shellQuote(d.minimum)}; then`,
    '  skip "NVIDIA driver $loaded is loaded"',
    'else',
    '  case $(os_field ID) in',
    `    ubuntu) apt_install ${shellCommand([d.ubuntuPackage])} ;;`,
    `    debian) apt_install ${shellCommand(d.debianPackages)} ;;`,
    `    *) die ${shellQuote(`This script installs the NVIDIA driver on Ubuntu and Debian only. Install driver ${d.minimum} or newer with your distribution's tools, restart, then run the script again; it skips what is done.`)} ;;`,
    '  esac',
    "  if grep -q '^nouveau ' \"$R/proc/modules\" 2>/dev/null; then",
    `    printf '%s\\n' ${shellCommand(['# Managed by DL Setup; `dlsetup rollback` removes it.', 'blacklist nouveau', 'options nouveau modeset=0'])} >"$TMPD/nouveau"`,
    `    put_root_file "$TMPD/nouveau" "$R"${shellQuote(NOUVEAU_BLACKLIST)}`,
    '    as_root update-initramfs -u',
    '  fi',
    ...(d.rebootRequired ? ['  NEEDS_REBOOT=1'] : []),
    'fi',
  ];
}

function cudaRepoSection(model: ExportModel): string[] {
  const repo = model.cudaRepo!;
  // The script swaps the mirror, distro and arch for its own variables; a model where they are not where they belong is refused.
  if (!repo.keyringUrl.startsWith(`${repo.mirror}/`) || ![repo.keyringUrl, repo.sourcesList].every((text) => text.includes(ARCH_PLACEHOLDER))) {
    throw errorText.error('INVALID_ARGUMENT', 'export.cudaRepoShape');
  }
  // One word: literal text quoted, the mirror, distro and arch as the script's own variables.
  const MIRROR = '@CUDA_REPO_MIRROR@';
  const toShell = (text: string) => shWordWith(text.replace(`${repo.mirror}/`, `${MIRROR}/`), { [MIRROR]: 'CUDA_REPO_MIRROR', [DISTRO_PLACEHOLDER]: 'CUDA_DISTRO', [ARCH_PLACEHOLDER]: 'CUDA_ARCH' });
  return [
    'step cuda-repo "Add NVIDIA\'s CUDA repository"',
    repo.wsl
      ? 'CUDA_DISTRO=wsl-ubuntu'
      : 'case $(os_field ID) in ubuntu) CUDA_DISTRO=ubuntu$(os_field VERSION_ID | tr -d .) ;; debian) CUDA_DISTRO=debian$(os_field VERSION_ID | cut -d. -f1) ;; *) die "NVIDIA\'s CUDA repository has no packages for this distribution; install CUDA with the runfile instead." ;; esac',
    'case $(uname -m) in aarch64 | arm64) CUDA_ARCH=sbsa ;; *) CUDA_ARCH=x86_64 ;; esac',
    ...(repo.published.length
      ? [
          '# NVIDIA\'s published checksums of the signing-key package (DL Setup\'s data/cuda-keyrings.json), unless one was set.',
          '[ -n "$CUDA_KEYRING_SHA256" ] || case "$CUDA_DISTRO/$CUDA_ARCH" in',
          ...repo.published.map((row) => `  ${shellQuote(`${row.distro}/${row.arch}`)}) CUDA_KEYRING_SHA256=${shellQuote(row.sha256)} ;;`),
          'esac',
        ]
      : []),
    `CUDA_LIST="$R"${toShell(repo.sourcesList)}`,
    'if deb_installed cuda-keyring && grep -qF "$CUDA_REPO_MIRROR/$CUDA_DISTRO/$CUDA_ARCH" "$CUDA_LIST" 2>/dev/null; then',
    '  skip "NVIDIA\'s CUDA repository ($CUDA_REPO_MIRROR) is set up"',
    'else',
    '  [ -n "$CUDA_KEYRING_SHA256" ] || die "Set CUDA_KEYRING_SHA256 to the sha256 of NVIDIA\'s cuda-keyring package (it is listed in the repository\'s Packages file); the script does not install an unverified signing key."',
    `  download ${toShell(repo.keyringUrl)} "$TMPD/cuda-keyring.deb"`,
    '  actual=$(sha256sum "$TMPD/cuda-keyring.deb" | cut -d " " -f 1)',
    '  [ "$actual" = "$CUDA_KEYRING_SHA256" ] || die "The downloaded cuda-keyring package has sha256 $actual, not $CUDA_KEYRING_SHA256; nothing was installed."',
    '  apt_install "$TMPD/cuda-keyring.deb"',
    `  if [ "$CUDA_REPO_MIRROR" != ${shellQuote(NVIDIA_REPO_BASE)} ]; then`,
    `    sed "s#${NVIDIA_REPO_BASE}#$CUDA_REPO_MIRROR#g" "$CUDA_LIST" >"$TMPD/cuda.list"`,
    '    put_root_file "$TMPD/cuda.list" "$CUDA_LIST"',
    '  fi',
    '  as_root env DEBIAN_FRONTEND=noninteractive LC_ALL=C apt-get -o "DPkg::Lock::Timeout=$APT_LOCK_TIMEOUT" update',
    'fi',
  ];
}

function toolkitSection(model: ExportModel): string[] {
  const t = model.toolkit!;
  const dir = shellQuote(t.dir);
  const lines = [
    `step cuda-toolkit ${shellQuote(`Install CUDA Toolkit ${t.version} next to any toolkit already installed`)}`,
    `if [ -x "$R"${shellQuote(`${t.dir}/bin/nvcc`)} ]; then`,
    `  skip ${shellQuote(`CUDA Toolkit ${t.series} is in ${t.dir}`)}`,
    'else',
    `  apt_install ${shellCommand(t.aptArgv.slice(t.aptArgv.indexOf('--yes') + 1))}`,
  ];
  if (t.setActive) {
    lines.push(
      `  if [ "$(update-alternatives --query cuda 2>/dev/null | sed -n 's/^Value: //p')" != ${dir} ]; then`,
      `    if ! update-alternatives --query cuda 2>/dev/null | grep -qx ${shellQuote(`Alternative: ${t.dir}`)}; then`,
      `      as_root update-alternatives --install /usr/local/cuda cuda ${dir} ${t.priority}`,
      '    fi',
      `    as_root update-alternatives --set cuda ${dir}`,
      '  fi',
    );
  }
  lines.push('fi');
  return lines;
}

function cudnnSection(model: ExportModel): string[] {
  const c = model.cudnn!;
  const name = c.packages[0]!.split('=')[0]!;
  return [
    `step cudnn ${shellQuote(`Install cuDNN ${c.version} for CUDA ${c.cudaSeries}`)}`,
    `if deb_installed ${shellQuote(name)}; then`,
    `  skip ${shellQuote(`${name} is installed`)}`,
    'else',
    `  apt_install ${shellCommand(c.packages)}`,
    'fi',
  ];
}

function envSection(model: ExportModel): string[] {
  const e = model.env!;
  const block = upsertMarkedBlock('', 'cuda', e.blockBody);
  return [
    `step env-vars ${shellQuote(`Make ${e.cudaHome} the CUDA of every login shell`)}`,
    ...heredoc('"$TMPD/cuda-block"', block),
    ...heredoc('"$TMPD/cuda-ld.conf"', e.ldConfContent),
    `if block_present "$R"${shellQuote(e.profileScript)} "$TMPD/cuda-block" && cmp -s "$TMPD/cuda-ld.conf" "$R"${shellQuote(e.ldConf)}; then`,
    `  skip ${shellQuote(`${e.profileScript} sets CUDA_HOME=${e.cudaHome}`)}`,
    'else',
    `  upsert_block "$R"${shellQuote(e.profileScript)} "$TMPD/cuda-block"`,
    `  put_root_file "$TMPD/cuda-ld.conf" "$R"${shellQuote(e.ldConf)}`,
    '  as_root ldconfig',
    'fi',
  ];
}

function verifySection(model: ExportModel): string[] {
  return [
    'step verify "Verify the GPU (DL Setup check: framework, devices, matmul, cuDNN)"',
    'if [ "$NEEDS_REBOOT" -eq 1 ]; then',
    '  log "Restart the computer to load the new NVIDIA driver, then run this script again: it skips what is done and runs the verification."',
    '  exit 3',
    'fi',
    'mkdir -p "$DLSETUP_REPORT_DIR"',
    'REPORT="$DLSETUP_REPORT_DIR/verify-$(uname -n)-$(date -u +%Y%m%dT%H%M%SZ).json"',
    'log "+ verification -> $REPORT"',
    'status=0',
    'if command -v dlsetup >/dev/null 2>&1; then',
    '  dlsetup verify --json --python "$DLSETUP_ENV_DIR/bin/python" >"$REPORT" 2>>"$DLSETUP_LOG" || status=$?',
    'else',
    '  # shellcheck disable=SC2086 # DLSETUP_VERIFY_FLAGS holds several words on purpose',
    `  "$DLSETUP_ENV_DIR/bin/python" "$HERE/dlsetup_report.py" --python "$DLSETUP_ENV_DIR/bin/python" --check "$HERE/dlsetup_check.py" --framework ${shellQuote(model.framework.name)} $DLSETUP_VERIFY_FLAGS --out "$REPORT" >>"$DLSETUP_LOG" 2>&1 || status=$?`,
    'fi',
    'if [ "$status" -eq 0 ]; then',
    '  log "Done: every check passed. Report: $REPORT"',
    'elif [ -s "$REPORT" ]; then',
    '  log "Installed, but the verification found failed checks (exit $status). Report: $REPORT; diagnose with: dlsetup diagnose < $REPORT"',
    '  exit 2',
    'else',
    '  die "The verification could not run (exit $status); see $DLSETUP_LOG."',
    'fi',
  ];
}

/** install.sh + the two verification scripts it runs at the end. */
export function exportShell(model: ExportModel, assets: VerifyAssets): ExportFile[] {
  const f = model.framework;
  const sections: string[][] = [];
  if (model.driver) sections.push(driverSection(model));
  if (model.cudaRepo) sections.push(cudaRepoSection(model));
  if (model.toolkit) sections.push(toolkitSection(model));
  if (model.cudnn) sections.push(cudnnSection(model));
  if (model.env) sections.push(envSection(model));
  if (model.systemPython) sections.push(systemPythonSection(model));
  sections.push(pythonEnvSection(model), frameworkSection(model), verifySection(model));

  const header = [
    '#!/bin/sh',
    '# shellcheck disable=SC2016 # backquotes inside single-quoted text are literal on purpose',
    shComment(`DL Setup install script: ${model.summary}.`),
    shComment(`Generated by ${model.generatedBy} from a resolved plan. Safe to re-run: each step checks first and is skipped when done.`),
    '# Run as a user with sudo (only system steps use it; without a terminal sudo must not need a password) or as root.',
    '# Exit status: 0 installed and verified, 2 installed but a check failed, 3 restart needed, 1 error.',
    '# Settings (environment): DLSETUP_ENV_DIR, DLSETUP_LOG, DLSETUP_REPORT_DIR, DLSETUP_PIP_INDEX_URL, DLSETUP_PIP_PROXY,',
    '#   DLSETUP_VERIFY_FLAGS, CUDA_REPO_MIRROR, CUDA_KEYRING_SHA256, APT_LOCK_TIMEOUT; DLSETUP_SYSROOT prefixes system paths (tests).',
    ...proxyComment(f.proxy),
    'set -eu',
    '',
    'HERE=$(CDPATH=\'\' cd -- "$(dirname -- "$0")" && pwd)',
    'R=${DLSETUP_SYSROOT:-}',
    'DLSETUP_LOG=${DLSETUP_LOG:-"$PWD/dlsetup-install.log"}',
    // The app's environment root (main/appPaths.ts): $XDG_DATA_HOME/dlsetup/envs, ~/.local/share when it is unset, empty or relative.
    'case "${XDG_DATA_HOME:-}" in /*) DLSETUP_DATA_HOME=$XDG_DATA_HOME ;; *) DLSETUP_DATA_HOME=$HOME/.local/share ;; esac',
    `DLSETUP_ENV_DIR=\${DLSETUP_ENV_DIR:-"$DLSETUP_DATA_HOME/dlsetup/envs/"${shellQuote(model.pythonEnv.name)}}`,
    'DLSETUP_REPORT_DIR=${DLSETUP_REPORT_DIR:-"$PWD/dlsetup-reports"}',
    setting('DLSETUP_PIP_INDEX_URL', f.indexUrl ?? ''),
    setting('DLSETUP_PIP_PROXY', f.proxy?.url ?? ''),
    setting('DLSETUP_VERIFY_FLAGS', '--quick'),
    setting('APT_LOCK_TIMEOUT', '300'),
    ...aptLockedWords(),
    ...(model.cudaRepo ? [setting('CUDA_REPO_MIRROR', model.cudaRepo.mirror), setting('CUDA_KEYRING_SHA256', model.cudaRepo.keyringSha256 ?? '')] : []),
    'NEEDS_REBOOT=0',
    'TMPD=$(mktemp -d)',
    "trap 'rm -rf \"$TMPD\"' EXIT",
    '',
    helpers(),
    '',
    `log ${shellQuote(`DL Setup: ${model.summary}`)}`,
    'log "Log: $DLSETUP_LOG"',
  ];
  const script = `${[...header, ...sections.flatMap((section) => ['', ...section])].join('\n')}\n`;
  return [
    { path: 'install.sh', content: script, mode: 0o755 },
    { path: 'dlsetup_check.py', content: assets.checkScript, mode: 0o755 },
    { path: 'dlsetup_report.py', content: assets.reportScript, mode: 0o755 },
  ];
}
