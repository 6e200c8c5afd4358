// The one list of tests that skip on this Debian machine for want of a platform, and the OS whose CI job runs each
// (`npm run test:platform` on that OS runs them and fails if any of them skipped there).
export const PLATFORM_TESTS = [
  { file: 'main/platform/windowsDetect.platform.test.ts', os: 'win32', proves: 'detection through Get-CimInstance on a live Windows machine' },
  { file: 'main/platform/windowsPowerShellQuoting.platform.test.ts', os: 'win32', proves: "the helper's UAC launch quoting round-trips hostile strings through real PowerShell" },
  { file: 'main/platform/macosDetect.platform.test.ts', os: 'darwin', proves: 'system_profiler parsing and detection on a live Mac' },
  { file: 'e2e/electron/security.spec.ts', os: 'linux', runner: 'electron', proves: 'the live Electron window: webPreferences, CSP header, navigation, window.open and permission denial' },
  { file: 'e2e/electron/security.spec.ts', os: 'win32', runner: 'electron', proves: 'the same on Windows' },
  { file: 'e2e/electron/security.spec.ts', os: 'darwin', runner: 'electron', proves: 'the same on macOS' },
];
