import { parseWindowsVideoControllers, type WindowsVideoController } from '../parsers/parseWindowsVideoControllers.js';
import type { ProbeContext } from '../probeContext.js';
import { detectText } from '../detectText.js';
import { runTool } from '../runTool.js';

// A fixed script (no interpolation): list the video controllers in the `fl` format the parser reads.
const SCRIPT = 'Get-CimInstance Win32_VideoController | Format-List Name,AdapterCompatibility,PNPDeviceID,AdapterRAM,DriverVersion';

/** Windows display adapters from CIM (names, PCI ids, the NVIDIA version encoded in DriverVersion). */
export async function probeWindows(context: ProbeContext): Promise<WindowsVideoController[]> {
  if (context.platform !== 'win32') return [];
  const outcome = await runTool(context, ['powershell.exe', '-NoProfile', '-NonInteractive', '-Command', SCRIPT], detectText(context.locale)('purpose.windowsAdapters'));
  return outcome.ok ? parseWindowsVideoControllers(outcome.result.stdout) : [];
}
