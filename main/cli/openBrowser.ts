import { execa } from 'execa';

/** Whether a person can see a browser here: a desktop OS, or Linux with a display server. */
export function hasDisplay(): boolean {
  if (process.platform === 'win32' || process.platform === 'darwin') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** Opens the default browser without waiting for it; false when there is none to open. */
export function openBrowser(url: string): boolean {
  if (!hasDisplay()) return false;
  const argv =
    process.platform === 'darwin' ? ['open', url] : process.platform === 'win32' ? ['explorer.exe', url] : ['xdg-open', url];
  try {
    const child = execa(argv[0]!, argv.slice(1), { detached: true, stdio: 'ignore', reject: false });
    child.unref();
    return true;
  } catch {
    return false;
  }
}
