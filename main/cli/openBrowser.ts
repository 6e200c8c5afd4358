import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { execa } from 'execa';
import { escapeHtml } from '../../shared/text/escapeHtml.js';

/** Whether a person can see a browser here: a desktop OS, or Linux with a display server. */
export function hasDisplay(): boolean {
  if (process.platform === 'win32' || process.platform === 'darwin') return true;
  return Boolean(process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
}

/** Opens the default browser without waiting for it; false when there is none to open. `url` lands on a command line. */
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

/**
 * Opens a URL that carries a secret without putting the secret on a command line, where `ps` shows it to every user:
 * the browser gets a page in a private folder (0700, file 0600) that forwards to the URL, as Jupyter does. Returns the
 * function that deletes that page, or null when no browser could be opened.
 */
export function openBrowserPrivately(secretUrl: string): (() => void) | null {
  if (!hasDisplay()) return null;
  const href = escapeHtml(secretUrl);
  const html = `<!doctype html>\n<meta charset="utf-8">\n<meta name="referrer" content="no-referrer">\n<meta http-equiv="refresh" content="0;url=${href}">\n<title>DL Setup</title>\n<p><a href="${href}">Open DL Setup</a></p>\n`;
  let dir: string;
  try {
    dir = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-open-'));
  } catch {
    return null;
  }
  const remove = (): void => rmSync(dir, { recursive: true, force: true });
  const page = path.join(dir, 'open.html');
  try {
    writeFileSync(page, html, { mode: 0o600, flag: 'wx' });
    if (openBrowser(pathToFileURL(page).href)) return remove;
  } catch {
    // A full or read-only temp folder: the printed URL is still there to open by hand.
  }
  remove();
  return null;
}
