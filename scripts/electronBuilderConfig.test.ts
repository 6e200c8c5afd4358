import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
// electron-builder's own types are loose here; the test reads the YAML as a person would.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;

describe('electron-builder.yml', () => {
  it("passes electron-builder's own configuration validation (its schema and deprecation checks)", async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
    const debugLogger = { isEnabled: false, add: () => undefined };
    await expect(validateConfiguration(structuredClone(config), debugLogger)).resolves.toBeUndefined();
  });

  it('the same validation refuses a broken configuration (the check can fail)', async () => {
    const { validateConfiguration } = require('app-builder-lib/out/util/config/config.js');
    const debugLogger = { isEnabled: false, add: () => undefined };
    await expect(validateConfiguration({ ...structuredClone(config), linux: { target: 42, unknownOption: true } }, debugLogger)).rejects.toThrow(/Invalid configuration object/);
  });

  it('builds every installer the users download, named with version and arch', () => {
    expect(config.appId).toMatch(/^[a-z]+(\.[a-z0-9-]+){2,}$/);
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target[0].target).toBe('nsis');
    expect(config.mac.target[0]).toMatchObject({ target: 'dmg', arch: ['universal'] });
    expect(config.artifactName).toContain('${version}');
    expect(config.artifactName).toContain('${arch}');
    expect(config.deb.depends.join(' ')).toMatch(/pkexec|policykit/);
  });

  it('locks the Electron fuses for release builds', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
    });
    expect(config.asar).toBe(true);
  });

  it('ships an allowlist of files, never sources, tests or maps', () => {
    expect(config.files).toContain('dist/main/**/*.js');
    expect(config.files).toContain('!**/*.map');
    expect(config.files.some((pattern: string) => pattern.startsWith('main/') && pattern.endsWith('.ts'))).toBe(false);
  });
});

describe('npm run package', () => {
  it('explains in one line why it cannot run when the Electron binary is missing', async () => {
    const { findElectron } = await import('./findElectron.mjs');
    if ('path' in findElectron()) return; // A machine with Electron really packages; nothing to explain.
    const { spawnSync } = await import('node:child_process');
    const result = spawnSync(process.execPath, [path.join(root, 'scripts', 'package.mjs')], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^npm run package: cannot package here because the Electron binary was not downloaded/);
  });
});
