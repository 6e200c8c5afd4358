export interface PlatformTest {
  file: string;
  os: 'linux' | 'win32' | 'darwin';
  runner?: 'electron';
  proves: string;
}
export const PLATFORM_TESTS: readonly PlatformTest[];
