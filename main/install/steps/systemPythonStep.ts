import { DlsetupError } from '../../../shared/errors.js';
import { hostPathExists } from '../../system/sysroot.js';
import { aptInstall } from '../aptGet.js';
import { readHostOsRelease, type HostOsRelease } from '../../system/hostOsRelease.js';
import type { InstallStep, PlannedCommand, StepContext } from '../installStep.js';
import { installText } from '../../system/installText.js';
import { ParamReader } from '../stepParams.js';
import type { PlanStepParamsOf } from '../../../shared/schema/stepSchemas.js';
import { pythonVenvPackage } from '../../data/installSources.js';

/**
 * A fresh Ubuntu or Debian has python3.X without its venv module's ensurepip (split into python3.X-venv), or no
 * python3.X at all: `python3.X -m venv` then fails. This step installs the distribution's package as root; the package
 * name comes from data/ for the distro the step reads itself, never from the plan (issue 15). Its params: python
 * "3.12", the Python whose venv support (and interpreter) the distribution installs.
 */
export type SystemPythonParams = PlanStepParamsOf<'system-python'>;

/** Debian's and Ubuntu's layout: the interpreter in /usr/bin, ensurepip (from pythonX.Y-venv) in its stdlib. */
export async function debianPythonCanVenv(python: string): Promise<{ interpreter: string; venv: boolean } | null> {
  const interpreter = `/usr/bin/python${python}`;
  if (!(await hostPathExists(interpreter))) return null;
  return { interpreter, venv: await hostPathExists(`/usr/lib/python${python}/ensurepip/__init__.py`) };
}

function distroIds(os: HostOsRelease | null): string[] {
  return os ? [os.id, ...os.idLike] : [];
}

async function packageFor(ctx: StepContext, python: string): Promise<string> {
  const os = await readHostOsRelease();
  const name = pythonVenvPackage(distroIds(os), python);
  if (!name) throw ctx.say.error('UNSUPPORTED_OS', 'systemPython.unsupportedDistro', { python, system: os?.prettyName ?? ctx.say('system.this') });
  return name;
}

export const systemPythonStep: InstallStep<SystemPythonParams> = {
  kind: 'system-python',
  weight: 3,
  elevated: true,
  network: true,
  parse(raw) {
    const reader = new ParamReader('system-python', raw);
    return { python: reader.string('python', /^3\.\d{1,2}$/) };
  },
  async check(params, ctx) {
    const found = await debianPythonCanVenv(params.python);
    return found?.venv
      ? { satisfied: true, message: ctx.say('systemPython.alreadyThere', { python: params.python, interpreter: found.interpreter }) }
      : { satisfied: false, message: '' };
  },
  async run(params, ctx) {
    // Runs as root: the package is data/'s for the distro this side reads, for a version that passed parse().
    const name = await packageFor(ctx, params.python);
    ctx.progress(0.05, ctx.say('systemPython.installing', { package: name, python: params.python }));
    try {
      await aptInstall(ctx, [name], { progressSpan: [0.05, 0.95] });
    } catch (error) {
      const os = await readHostOsRelease();
      // apt's "Unable to locate package" (NOT_FOUND from aptGet): this release's archive has no such Python.
      if (error instanceof DlsetupError && error.code === 'NOT_FOUND') {
        throw ctx.say.error('NOT_AVAILABLE', 'systemPython.noPackage', { package: name, python: params.python, system: os?.prettyName ?? ctx.say('system.this') });
      }
      throw error;
    }
    return { message: ctx.say('systemPython.installed', { python: params.python, package: name }) };
  },
  describe(params, say = installText()): PlannedCommand[] {
    const name = pythonVenvPackage(['ubuntu', 'debian'], params.python) ?? `python${params.python}-venv`;
    return [{ argv: ['apt-get', 'install', '--yes', name], elevated: true, note: say('systemPython.installing', { package: name, python: params.python }) }];
  },
};
