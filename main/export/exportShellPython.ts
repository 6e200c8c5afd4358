import { shCommand as shellCommand, shComment, shWord as shellQuote } from '../../shared/quote/sh.js';
import { PINNED_FILE, type ExportModel } from './exportModel.js';
import { PINS_CHECK } from './pinsCheck.js';

/** The distribution's venv support (python3.X-venv) where the plan installs it first, checked as the engine's step does. */
export function systemPythonSection(model: ExportModel): string[] {
  const p = model.systemPython!;
  const names = [...new Set(p.packages.map((row) => row.name))].join(', ');
  return [
    `step system-python ${shellQuote(`Install the venv module of Python ${p.python} (${names})`)}`,
    `if [ -f "$R"${shellQuote(`/usr/lib/python${p.python}/ensurepip/__init__.py`)} ]; then`,
    `  skip ${shellQuote(`Python ${p.python} can make a venv`)}`,
    'else',
    // ID, then ID_LIKE: a derivative of Ubuntu or Debian gets its parent's package, as data/'s table is read by the engine.
    '  case " $(os_field ID) $(os_field ID_LIKE) " in',
    ...p.packages.map((row) => `    *${shellQuote(` ${row.distro} `)}*) apt_install ${shellQuote(row.name)} ;;`),
    `    *) die ${shellQuote(`This script installs the venv module of Python ${p.python} on Ubuntu and Debian only; install it with your distribution's tools, then run the script again.`)} ;;`,
    '  esac',
    'fi',
  ];
}

export function pythonEnvSection(model: ExportModel): string[] {
  const p = model.pythonEnv;
  // The wanted version travels as an argument: the Python code itself is fixed text.
  const versionTest = `import sys; sys.exit(0 if "%d.%d" % sys.version_info[:2] == sys.argv[1] else 1)`;
  const version = shellQuote(p.python);
  const create =
    p.manager === 'conda'
      ? [
          '  command -v conda >/dev/null 2>&1 || die "conda is not installed; install Miniforge first, or export the plan with the wheels method."',
          `  run conda create --yes --prefix "$DLSETUP_ENV_DIR" ${shellCommand(['--override-channels', '--channel', p.condaChannel ?? 'conda-forge', `python=${p.python}`, 'pip', ...p.condaPackages])}`,
        ]
      : [
          `  if command -v ${shellQuote(`python${p.python}`)} >/dev/null 2>&1; then PY=${shellQuote(`python${p.python}`)}`,
          `  elif command -v python3 >/dev/null 2>&1 && python3 -c ${shellQuote(versionTest)} ${version}; then PY=python3`,
          `  else die ${shellQuote(`Python ${p.python} is not installed. Install it (Ubuntu: apt-get install python${p.python}-venv), then run the script again.`)}`,
          '  fi',
          '  run "$PY" -m venv "$DLSETUP_ENV_DIR"',
        ];
  return [
    `step python-env ${shellQuote(`Create the Python ${p.python} environment ${p.name}`)}`,
    `if [ -x "$DLSETUP_ENV_DIR/bin/python" ] && "$DLSETUP_ENV_DIR/bin/python" -c ${shellQuote(versionTest)} ${version} 2>/dev/null; then`,
    `  skip "$DLSETUP_ENV_DIR has Python "${version}`,
    'elif [ -e "$DLSETUP_ENV_DIR/bin/python" ]; then',
    `  die "$DLSETUP_ENV_DIR holds another Python environment; set DLSETUP_ENV_DIR to a new folder for Python "${version}`,
    'else',
    ...create,
    'fi',
  ];
}

/** Where a proxy's password goes: never into the script; the admin's environment supplies it, and pip reads PIP_PROXY (not argv). */
export function proxyComment(proxy: ExportModel['framework']['proxy']): string[] {
  if (!proxy?.credentialsLeftOut) return [];
  return [
    shComment(`pip's proxy is ${proxy.url}; its user name and password are not written into this script.`),
    '#   Supply them when you run it: DLSETUP_PIP_PROXY=http://USER:PASSWORD@host:port from a file only you can read (pip gets it as PIP_PROXY).',
  ];
}

export function frameworkSection(model: ExportModel): string[] {
  const f = model.framework;
  const args = f.pipArgs.map((arg, index) =>
    f.pipArgs[index - 1] === '--index-url' ? '"$DLSETUP_PIP_INDEX_URL"' : arg === PINNED_FILE ? '"$DLSETUP_ENV_DIR/dlsetup-pinned-requirements.txt"' : shellQuote(arg),
  );
  // The plan's files by sha256 (name==version --hash=sha256:hex, schema-checked): pip installs those bytes or stops.
  const pins = f.pins ? ["  cat > \"$DLSETUP_ENV_DIR/dlsetup-pinned-requirements.txt\" <<'DLSETUP_PINS'", ...f.pins, 'DLSETUP_PINS'] : [];
  return [
    `step framework ${shellQuote(`pip install ${f.packages.join(' ')}`)}`,
    `if "$DLSETUP_ENV_DIR/bin/python" -c ${shellQuote(PINS_CHECK)} ${shellCommand(f.packages)} 2>/dev/null; then`,
    `  skip ${shellQuote(`${f.packages.join(', ')} installed`)}`,
    'else',
    ...pins,
    '  if [ -n "$DLSETUP_PIP_PROXY" ]; then PIP_PROXY=$DLSETUP_PIP_PROXY; export PIP_PROXY; fi',
    `  run env PIP_NO_INPUT=1 "$DLSETUP_ENV_DIR/bin/python" ${args.join(' ')}`,
    'fi',
  ];
}
