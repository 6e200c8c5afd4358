/*
 * Where findConda looks, on simulated hosts (a sysroot folder; a Windows path C:\x sits at <sysroot>/C/x). The expected
 * places were written from the installers' sources first: conda/constructor's defaults (Just Me %USERPROFILE%\<name>,
 * domain users %LOCALAPPDATA%\<name>, All Users %ALLUSERSPROFILE%\<name>, conda.exe in Scripts\), conda's "Installing
 * on Windows" (no PATH entry by default), and Homebrew's miniforge/miniconda casks (<prefix>/Caskroom/<cask>/base).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createSimulatedHost, withSimulatedHost, type SimulatedHost } from '../../testkit/simulatedHost.js';
import { detectHardware } from '../detect/detectHardware.js';
import { sysrootPath } from './sysroot.js';
import { findConda } from './findConda.js';

let host: SimulatedHost | undefined;
afterEach(async () => {
  await host?.cleanup();
  host = undefined;
});

const WINDOWS_ENV = { USERPROFILE: 'C:\\Users\\Jane Doe', LOCALAPPDATA: 'C:\\Users\\Jane Doe\\AppData\\Local', ALLUSERSPROFILE: 'C:\\ProgramData', PATH: '' };

/** findConda on a host with these executables (sysroot paths), as detection asks it. */
async function findOn(executables: string[], env: NodeJS.ProcessEnv, platform: NodeJS.Platform): Promise<string | null> {
  host = await createSimulatedHost({ isolatePath: true, executables: Object.fromEntries(executables.map((file) => [file, {}])) });
  return withSimulatedHost(host, () => findConda(env, sysrootPath, platform));
}

describe('findConda on Windows (conda.exe in Scripts\\ of the installers\' default folders)', () => {
  it('finds a per-user Miniforge, Miniconda and Anaconda under %USERPROFILE%', async () => {
    expect(await findOn(['/C/Users/Jane Doe/miniforge3/Scripts/conda.exe'], WINDOWS_ENV, 'win32')).toBe('C:\\Users\\Jane Doe\\miniforge3\\Scripts\\conda.exe');
    await host?.cleanup();
    expect(await findOn(['/C/Users/Jane Doe/miniconda3/Scripts/conda.exe'], WINDOWS_ENV, 'win32')).toBe('C:\\Users\\Jane Doe\\miniconda3\\Scripts\\conda.exe');
    await host?.cleanup();
    expect(await findOn(['/C/Users/Jane Doe/anaconda3/Scripts/conda.exe'], WINDOWS_ENV, 'win32')).toBe('C:\\Users\\Jane Doe\\anaconda3\\Scripts\\conda.exe');
  });

  it('finds an All Users install in C:\\ProgramData (also when ALLUSERSPROFILE is unset) and a domain user\'s in %LOCALAPPDATA%', async () => {
    expect(await findOn(['/C/ProgramData/miniforge3/Scripts/conda.exe'], WINDOWS_ENV, 'win32')).toBe('C:\\ProgramData\\miniforge3\\Scripts\\conda.exe');
    await host?.cleanup();
    expect(await findOn(['/C/ProgramData/anaconda3/Scripts/conda.exe'], { USERPROFILE: 'C:\\Users\\Jane Doe', PATH: '' }, 'win32')).toBe('C:\\ProgramData\\anaconda3\\Scripts\\conda.exe');
    await host?.cleanup();
    expect(await findOn(['/C/Users/Jane Doe/AppData/Local/miniconda3/Scripts/conda.exe'], WINDOWS_ENV, 'win32')).toBe('C:\\Users\\Jane Doe\\AppData\\Local\\miniconda3\\Scripts\\conda.exe');
  });

  it('prefers CONDA_EXE, then the Scripts\\conda.exe beside a condabin\\ on PATH (conda.bat needs a shell)', async () => {
    const both = ['/C/Users/Jane Doe/miniforge3/Scripts/conda.exe', '/D/conda/Scripts/conda.exe'];
    expect(await findOn(both, { ...WINDOWS_ENV, CONDA_EXE: 'D:\\conda\\Scripts\\conda.exe' }, 'win32')).toBe('D:\\conda\\Scripts\\conda.exe');
    await host?.cleanup();
    expect(await findOn(both, { ...WINDOWS_ENV, PATH: 'C:\\Windows\\system32;D:\\conda\\condabin' }, 'win32')).toBe('D:\\conda\\Scripts\\conda.exe');
  });

  it('ignores a Linux layout (bin/conda) on Windows and says null when nothing is there', async () => {
    expect(await findOn(['/C/Users/Jane Doe/miniforge3/bin/conda', '/opt/conda/bin/conda'], WINDOWS_ENV, 'win32')).toBeNull();
  });
});

describe('findConda on macOS and Linux', () => {
  it("finds Homebrew's miniforge and miniconda casks on macOS (Apple Silicon and Intel prefixes), not on Linux", async () => {
    const env = { HOME: '/Users/jane', PATH: '' };
    expect(await findOn(['/opt/homebrew/Caskroom/miniforge/base/bin/conda'], env, 'darwin')).toBe('/opt/homebrew/Caskroom/miniforge/base/bin/conda');
    await host?.cleanup();
    expect(await findOn(['/usr/local/Caskroom/miniconda/base/bin/conda'], env, 'darwin')).toBe('/usr/local/Caskroom/miniconda/base/bin/conda');
    await host?.cleanup();
    expect(await findOn(['/opt/homebrew/Caskroom/miniforge/base/bin/conda'], env, 'linux')).toBeNull();
  });

  it('finds ~/miniforge3 on macOS and /opt/conda on Linux, as before', async () => {
    expect(await findOn(['/Users/jane/miniforge3/bin/conda'], { HOME: '/Users/jane', PATH: '' }, 'darwin')).toBe('/Users/jane/miniforge3/bin/conda');
    await host?.cleanup();
    expect(await findOn(['/opt/conda/bin/conda'], { HOME: '/home/jane', PATH: '' }, 'linux')).toBe('/opt/conda/bin/conda');
  });
});

describe('detection on a simulated Windows host', () => {
  it("reports the conda.exe of a per-user Miniforge that is not on PATH, as the install's python-env step would run it", async () => {
    host = await createSimulatedHost({ isolatePath: true, executables: { '/C/Users/Jane Doe/miniforge3/Scripts/conda.exe': {} } });
    const report = await withSimulatedHost(host, async () => {
      const saved = { USERPROFILE: process.env.USERPROFILE, CONDA_EXE: process.env.CONDA_EXE };
      process.env.USERPROFILE = 'C:\\Users\\Jane Doe';
      delete process.env.CONDA_EXE;
      try {
        return await detectHardware({ platform: 'win32', quick: true, timeoutMs: 2000 });
      } finally {
        for (const [key, value] of Object.entries(saved)) if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
    });
    expect(report.condaCommand).toBe('C:\\Users\\Jane Doe\\miniforge3\\Scripts\\conda.exe');
  });
});
