import { describe, expect, it } from 'vitest';
import { legacyEnvRoots, userDirs, type UserDirsHost } from './appPaths.js';

const linux = (env: UserDirsHost['env'] = {}): UserDirsHost => ({ platform: 'linux', env, homedir: '/home/jane' });
const windows = (env: UserDirsHost['env'] = {}): UserDirsHost => ({ platform: 'win32', env, homedir: 'C:\\Users\\Jane Doe' });
const mac = (env: UserDirsHost['env'] = {}): UserDirsHost => ({ platform: 'darwin', env, homedir: '/Users/jane' });

describe('userDirs: where DL Setup keeps data, environments, downloads and logs', () => {
  it('Linux follows the XDG Base Directory spec, with its defaults when the variables are unset', () => {
    expect(userDirs(linux())).toEqual({
      data: '/home/jane/.local/share/dlsetup',
      envs: '/home/jane/.local/share/dlsetup/envs',
      cache: '/home/jane/.cache/dlsetup',
      logs: '/home/jane/.local/state/dlsetup/logs',
    });
    expect(userDirs(linux({ XDG_DATA_HOME: '/data/jane', XDG_CACHE_HOME: '/scratch/cache', XDG_STATE_HOME: '/var/state/jane' }))).toEqual({
      data: '/data/jane/dlsetup',
      envs: '/data/jane/dlsetup/envs',
      cache: '/scratch/cache/dlsetup',
      logs: '/var/state/jane/dlsetup/logs',
    });
  });

  it('Linux ignores an XDG variable that is empty or relative, as the spec says', () => {
    for (const value of ['', 'relative/dir', './x', '~/data']) {
      expect(userDirs(linux({ XDG_DATA_HOME: value, XDG_CACHE_HOME: value, XDG_STATE_HOME: value }))).toEqual(userDirs(linux()));
    }
  });

  it('Windows keeps everything under %LOCALAPPDATA% (never the roaming %APPDATA%), downloads in Cache, logs in Logs', () => {
    const dirs = userDirs(windows({ APPDATA: 'C:\\Users\\Jane Doe\\AppData\\Roaming', LOCALAPPDATA: 'D:\\Local' }));
    expect(dirs).toEqual({ data: 'D:\\Local\\dlsetup', envs: 'D:\\Local\\dlsetup\\envs', cache: 'D:\\Local\\dlsetup\\Cache', logs: 'D:\\Local\\dlsetup\\Logs' });
    // Without LOCALAPPDATA (or with a relative one): the profile's AppData\Local.
    for (const env of [{}, { LOCALAPPDATA: '' }, { LOCALAPPDATA: 'Local' }]) {
      expect(userDirs(windows(env)).data).toBe('C:\\Users\\Jane Doe\\AppData\\Local\\dlsetup');
    }
    expect(Object.values(userDirs(windows({ APPDATA: 'C:\\Users\\Jane Doe\\AppData\\Roaming' }))).join(' ')).not.toContain('Roaming');
  });

  it('macOS uses ~/Library: Application Support, Caches and Logs; XDG variables are not its convention', () => {
    const expected = {
      data: '/Users/jane/Library/Application Support/dlsetup',
      envs: '/Users/jane/Library/Application Support/dlsetup/envs',
      cache: '/Users/jane/Library/Caches/dlsetup',
      logs: '/Users/jane/Library/Logs/dlsetup',
    };
    expect(userDirs(mac())).toEqual(expected);
    expect(userDirs(mac({ XDG_DATA_HOME: '/elsewhere' }))).toEqual(expected);
  });

  it('DLSETUP_HOME holds everything on every system (tests, portable installs); an empty one is ignored', () => {
    expect(userDirs(linux({ DLSETUP_HOME: '/tmp/t', XDG_DATA_HOME: '/data' }))).toEqual({ data: '/tmp/t', envs: '/tmp/t/envs', cache: '/tmp/t/cache', logs: '/tmp/t/logs' });
    expect(userDirs(windows({ DLSETUP_HOME: 'E:\\dl' }))).toEqual({ data: 'E:\\dl', envs: 'E:\\dl\\envs', cache: 'E:\\dl\\cache', logs: 'E:\\dl\\logs' });
    expect(userDirs(mac({ DLSETUP_HOME: '' }))).toEqual(userDirs(mac()));
  });

  it('environments made by versions before the per-OS folders (~/.dlsetup/envs) are a second place to look, never to create', () => {
    expect(legacyEnvRoots(linux())).toEqual(['/home/jane/.dlsetup/envs']);
    expect(legacyEnvRoots(linux({ XDG_DATA_HOME: '/data/jane' }))).toEqual(['/home/jane/.dlsetup/envs']);
    expect(legacyEnvRoots(windows())).toEqual(['C:\\Users\\Jane Doe\\.dlsetup\\envs']);
    expect(legacyEnvRoots(mac())).toEqual(['/Users/jane/.dlsetup/envs']);
    // The one root the app creates in is not the old one.
    for (const host of [linux(), windows(), mac()]) expect(legacyEnvRoots(host)).not.toContain(userDirs(host).envs);
  });
});
