// The Electron shell: a window, the app:// scheme and IPC wiring — no business logic (docs/design.md §1).
import { app, BrowserWindow, ipcMain, Menu, protocol, session } from 'electron';
import { CHANNELS, PUSH_CHANNEL } from '../../shared/ipc/contract.js';
import { rendererDistDir } from '../appPaths.js';
import { dispatch } from '../transport/dispatch.js';
import { createHandlers } from '../transport/handlers.js';
import { ProgressHub } from '../transport/progressHub.js';
import { SECURITY_HEADERS } from '../transport/contentSecurityPolicy.js';
import { readStaticFile } from '../transport/staticFiles.js';
import { APP_ORIGIN, isTrustedSender, PRELOAD_PATH } from './windowSecurity.js';
import { ELEVATED_HELPER_FLAG } from '../install/elevation/helperCommand.js';
import { appLog, startAppLog } from '../system/appLog.js';
import { cliArgsOf } from './cliMode.js';

if (process.argv.includes(ELEVATED_HELPER_FLAG)) {
  // Started by pkexec/UAC as the one elevated helper: no window, only typed step descriptors on stdin.
  // On Linux helperCommand() put --no-sandbox on the argv: Chromium checks it as root before this script runs, so appendSwitch would be too late.
  app.disableHardwareAcceleration();
  // Test hooks (DLSETUP_SYSROOT, DLSETUP_DATA_DIR, …) would let the user's environment choose what root runs: the
  // released helper reads only its own files (UAC passes the user's environment block on).
  for (const name of Object.keys(process.env)) if (name.startsWith('DLSETUP_')) delete process.env[name];
  await import('../install/elevation/elevatedHelper.js');
} else if (cliArgsOf(process.argv)) {
  await runCli(cliArgsOf(process.argv)!);
} else {
  startDesktopApp();
}

/** CLI mode (cliMode.ts): the npm CLI's commands in this binary, printing to the terminal, no window. */
async function runCli(args: string[]): Promise<void> {
  app.disableHardwareAcceleration();
  // `dlsetup-desktop --cli -- detect --json | head` closes the pipe early: the reader chose to stop, not an error.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? app.exit(0) : appLog(`CLI output failed: ${error.message}`)));
  const { main, processIo } = await import('../cli/main.js');
  app.exit(await main(args, processIo()));
}

function startDesktopApp(): void {
  protocol.registerSchemesAsPrivileged([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }]);
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  // Only the unprivileged app logs: the elevated helper above must not create root-owned files in the user's folders.
  startAppLog('app', 'desktop app started');
  app.on('render-process-gone', (_event, _contents, details) => appLog(`the window's renderer stopped: ${details.reason} (exit ${details.exitCode})`));
  app.on('will-quit', () => appLog('desktop app quit'));
  app.on('second-instance', () => {
    const [window] = BrowserWindow.getAllWindows();
    if (window) {
      if (window.isMinimized()) window.restore();
      window.focus();
    }
  });
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(() => {
    Menu.setApplicationMenu(Menu.buildFromTemplate([{ role: process.platform === 'darwin' ? 'appMenu' : 'fileMenu' }, { role: 'editMenu' }]));
    lockDown();
    serveRenderer();
    wireIpc();
    createWindow();
  });
}

const progress = new ProgressHub();
const handlers = createHandlers({ transport: 'electron', progress });


function serveRenderer(): void {
  protocol.handle('app', async (request) => {
    const url = new URL(request.url);
    const file = url.host === 'dlsetup' ? await readStaticFile(rendererDistDir, url.pathname) : null;
    if (!file) return new Response('Not found', { status: 404, headers: SECURITY_HEADERS });
    return new Response(new Uint8Array(file.body), { headers: { ...SECURITY_HEADERS, 'Content-Type': file.contentType } });
  });
}

function wireIpc(): void {
  for (const channel of CHANNELS) {
    ipcMain.handle(channel, (event, arg: unknown) => {
      const frame = event.senderFrame;
      if (!isTrustedSender(frame?.url, frame !== null && frame === event.sender.mainFrame)) {
        return { ok: false, error: { code: 'UNAUTHORIZED', message: 'Refused a call from a page that is not DL Setup.' } };
      }
      return dispatch(handlers, channel, arg);
    });
  }
}

function lockDown(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  session.defaultSession.setPermissionCheckHandler(() => false);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (navigation) => navigation.preventDefault());
    contents.on('will-redirect', (navigation) => navigation.preventDefault());
    contents.on('will-attach-webview', (attach) => attach.preventDefault());
    // No new windows at all: reference links are shown as text the user can copy, never opened by the app.
    contents.setWindowOpenHandler(() => ({ action: 'deny' }));
  });
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1180,
    height: 800,
    minWidth: 1024,
    minHeight: 640,
    title: 'DL Setup',
    show: false,
    // docs/design.md §5, written out here so reviewers and scanners see it; the Electron e2e lane reads the live values.
    webPreferences: {
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      navigateOnDragDrop: false,
      spellcheck: false,
      disableBlinkFeatures: 'Auxclick',
      preload: PRELOAD_PATH,
    },
  });
  window.once('ready-to-show', () => {
    window.show();
    // The packaged-app check on CI (scripts/checkUnpackedApp.mjs) needs a line that says the window really appeared.
    if (process.env.DLSETUP_SMOKE_EXIT === '1') {
      process.stdout.write('dlsetup: window shown\n');
      app.quit();
    }
  });
  const unsubscribe = progress.subscribe((event) => window.webContents.send(PUSH_CHANNEL, event));
  window.on('closed', unsubscribe);
  void window.loadURL(`${APP_ORIGIN}/index.html`);
  return window;
}

