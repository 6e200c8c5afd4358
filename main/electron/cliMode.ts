/**
 * The packaged app's CLI mode: `dlsetup-desktop --cli -- <command> [flags]` runs the same commands as the npm `dlsetup`
 * (bin/dlsetup.js cannot run there: the RunAsNode fuse is off), in the app's own binary, without a window.
 */

/** The switch that turns the desktop binary into the CLI; what follows it (after an optional `--`) is the CLI's argv. */
export const CLI_FLAG = '--cli';

/**
 * The CLI's arguments when the binary was started in CLI mode, else null. Chromium switches may come before the flag
 * (`--ozone-platform=headless` on a machine without a display); the `--` keeps Chromium from reading the CLI's flags.
 */
export function cliArgsOf(argv: readonly string[]): string[] | null {
  const at = argv.indexOf(CLI_FLAG);
  if (at < 0 || argv.slice(0, at).includes('--')) return null;
  const rest = argv.slice(at + 1);
  return rest[0] === '--' ? rest.slice(1) : rest;
}
