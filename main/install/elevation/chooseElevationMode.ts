/** pkexec/sudo pipe the helper's stdin/stdout; 'uac' (Windows) starts it through the consent prompt and it connects back. */
export type ElevationMode = 'pkexec' | 'sudo' | 'sudo-noninteractive' | 'uac' | 'direct';

/**
 * Chooses how to elevate: UAC on Windows (it shows its own prompt, for the CLI too), nothing when already root,
 * pkexec for the GUI, sudo for the CLI (-n with --yes).
 */
export function chooseElevationMode(face: 'gui' | 'cli', nonInteractive: boolean, platform: NodeJS.Platform = process.platform): ElevationMode {
  if (platform === 'win32') return 'uac';
  if (process.getuid?.() === 0) return 'direct';
  if (face === 'gui') return 'pkexec';
  return nonInteractive ? 'sudo-noninteractive' : 'sudo';
}
