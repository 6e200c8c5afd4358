import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';

// The .deb's control fields and maintainer scripts, checked as text against electron-builder's own code and templates:
// a custom `depends` or `afterInstall` replaces electron-builder's default, so what the default did must still be there.
const root = path.resolve(import.meta.dirname, '..');
const require = createRequire(import.meta.url);
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const config = yaml.load(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as Record<string, any>;
const templatesDir = path.join(path.dirname(require.resolve('app-builder-lib/package.json')), 'templates', 'linux');
const FpmTarget = require('app-builder-lib/out/targets/FpmTarget.js').default;

/** What electron-builder's writeConfigFile does to a maintainer script: ${macro} from the packager's names, else it throws. */
function renderLikeElectronBuilder(text: string): string {
  const macros: Record<string, string> = { executable: config.linux.executableName, sanitizedProductName: config.productName, productFilename: config.productName };
  return text.replace(/\${([a-zA-Z]+)}/g, (_match, name: string) => {
    if (!(name in macros)) throw new Error(`Macro ${name} is not defined`);
    return macros[name]!;
  });
}

function significantLines(text: string): string[] {
  return text.split('\n').map((line) => line.trimEnd()).filter((line) => line.trim() && !line.trim().startsWith('#'));
}

describe('the .deb package', () => {
  it("declares every library electron-builder's default list declares, plus pkexec for the helper", () => {
    const defaults: string[] = FpmTarget.prototype.getDefaultDepends.call(null, 'deb');
    expect(defaults.length).toBeGreaterThan(5);
    for (const dependency of defaults) expect(config.deb.depends).toContain(dependency);
    expect(config.deb.depends).toContain('pkexec | policykit-1');
  });

  it('has the homepage and author email the deb target refuses to build without, from package.json alone', async () => {
    const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
    expect(new URL(pkg.homepage).protocol).toBe('https:');
    expect(pkg.author?.name).toBeTruthy();
    expect(pkg.author?.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i);
    // electron-builder's own check and its control-file fields (FpmTarget.computeFpmMetaInfoOptions throws without them).
    const appInfo = { linuxPackageName: 'dlsetup', computePackageUrl: async () => pkg.homepage ?? null };
    const meta = await FpmTarget.prototype.computeFpmMetaInfoOptions.call({ packager: { appInfo, info: { metadata: pkg } }, options: config.deb });
    expect(meta).toMatchObject({ maintainer: `${pkg.author.name} <${pkg.author.email}>`, url: pkg.homepage, vendor: `${pkg.author.name} <${pkg.author.email}>` });
    // One place (docs/packaging.md): no deb or linux override, and no other tracked file repeats the values.
    for (const key of ['maintainer', 'vendor']) expect(config.deb?.[key] ?? config.linux?.[key], key).toBeUndefined();
    const repeating = execFileSync('git', ['grep', '-l', '-F', '-e', pkg.homepage, '-e', pkg.author.email], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
    expect(repeating.filter((file) => file !== 'package.json' && !file.startsWith('docs/'))).toEqual([]);
  });

  it("refuses what the deb target refuses: no homepage, no author email (electron-builder's own messages)", async () => {
    const check = (metadata: object) => FpmTarget.prototype.computeFpmMetaInfoOptions.call({ packager: { appInfo: { computePackageUrl: async () => null }, info: { metadata } }, options: {} });
    await expect(check({ author: { name: 'x' } })).rejects.toThrow(/homepage[\s\S]*email/i);
  });

  for (const [script, template] of [
    ['after-install.sh', 'after-install.tpl'],
    ['after-remove.sh', 'after-remove.tpl'],
  ] as const) {
    it(`${script} keeps every line of electron-builder's ${template}, in order, and renders with its macros`, () => {
      const ours = readFileSync(path.join(root, 'build', 'linux', script), 'utf8');
      expect(config.deb[script === 'after-install.sh' ? 'afterInstall' : 'afterRemove']).toBe(`build/linux/${script}`);
      const upstream = significantLines(readFileSync(path.join(templatesDir, template), 'utf8'));
      const mine = significantLines(ours);
      let at = 0;
      for (const line of upstream) {
        const found = mine.indexOf(line, at);
        expect(found, `missing from ${script}: ${line}`).toBeGreaterThanOrEqual(0);
        at = found + 1;
      }
      const rendered = renderLikeElectronBuilder(ours);
      expect(rendered).toContain("'/opt/DL Setup/dlsetup-desktop'");
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dlsetup-deb-')), script);
      writeFileSync(file, rendered);
      execFileSync('bash', ['-n', file]);
    });
  }

  it('after-install registers the polkit action that after-remove removes', () => {
    const install = renderLikeElectronBuilder(readFileSync(path.join(root, 'build', 'linux', 'after-install.sh'), 'utf8'));
    const remove = readFileSync(path.join(root, 'build', 'linux', 'after-remove.sh'), 'utf8');
    expect(install).toContain("install -D -m 0644 '/opt/DL Setup/resources/org.dlsetup.desktop.policy' /usr/share/polkit-1/actions/org.dlsetup.desktop.policy");
    expect(remove).toContain('rm -f /usr/share/polkit-1/actions/org.dlsetup.desktop.policy');
  });

  it('the maintainer scripts pass shellcheck where it is installed', ({ skip }) => {
    const probe = spawnSync('shellcheck', ['--version']);
    if (probe.error) skip('shellcheck is not installed here (.ci/run installs it)');
    for (const script of ['after-install.sh', 'after-remove.sh']) {
      const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'dlsetup-deb-')), script);
      writeFileSync(file, renderLikeElectronBuilder(readFileSync(path.join(root, 'build', 'linux', script), 'utf8')));
      const result = spawnSync('shellcheck', ['--severity=error', file], { encoding: 'utf8' });
      expect(result.stdout + result.stderr).toBe('');
    }
  });
});
