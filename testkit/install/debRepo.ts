import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface TestDeb {
  name: string;
  version?: string;
  depends?: string[];
  /** Host paths → content, installed under the test's own root. */
  files?: Record<string, string>;
  /** Its files under /etc are conffiles (Debian policy: dpkg keeps them on remove, deletes them on purge). */
  conffiles?: boolean;
  /** A maintainer script run after unpacking (sh), as real packages have. */
  postinst?: string;
}

export interface TestAptHost {
  /** The sysroot: dpkg installs into it, steps read it through DLSETUP_SYSROOT. */
  root: string;
  admindir: string;
  /** APT_CONFIG and DPKG_ADMINDIR: apt and dpkg use only the test's sources, lists, cache and database. */
  env: Record<string, string>;
}

/** Builds one real .deb with dpkg-deb into `outDir` (named as apt names it) and returns its path. */
export function buildTestDeb(buildRoot: string, deb: TestDeb, outDir: string): string {
  const build = path.join(buildRoot, deb.name);
  mkdirSync(path.join(build, 'DEBIAN'), { recursive: true });
  for (const [file, content] of Object.entries(deb.files ?? {})) {
    const target = path.join(build, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, content);
    if (file.includes('/bin/')) chmodSync(target, 0o755);
  }
  if (deb.postinst) {
    writeFileSync(path.join(build, 'DEBIAN', 'postinst'), deb.postinst);
    chmodSync(path.join(build, 'DEBIAN', 'postinst'), 0o755);
  }
  const conffiles = Object.keys(deb.files ?? {}).filter((file) => file.startsWith('/etc/'));
  if (deb.conffiles && conffiles.length) writeFileSync(path.join(build, 'DEBIAN', 'conffiles'), `${conffiles.join('\n')}\n`);
  writeFileSync(
    path.join(build, 'DEBIAN', 'control'),
    `Package: ${deb.name}\nVersion: ${deb.version ?? '1.0'}\nArchitecture: all\nMaintainer: DL Setup tests <tests@dlsetup.invalid>\n${deb.depends?.length ? `Depends: ${deb.depends.join(', ')}\n` : ''}Description: DL Setup test package\n`,
  );
  const out = path.join(outDir, `${deb.name}_${deb.version ?? '1.0'}_all.deb`);
  mkdirSync(outDir, { recursive: true });
  execFileSync('dpkg-deb', ['--build', '--root-owner-group', build, out], { stdio: 'ignore' });
  return out;
}

/**
 * A real apt/dpkg playground (issue 5): .deb files built with dpkg-deb, a file:// repository, and an apt
 * configuration with its own sources, state, cache and dpkg database, so the system's are never touched.
 */
export function createTestAptHost(dir: string, debs: TestDeb[]): TestAptHost {
  const repo = path.join(dir, 'repo');
  const root = path.join(dir, 'root');
  const admindir = path.join(root, 'var', 'lib', 'dpkg');
  for (const sub of ['info', 'updates', 'triggers']) mkdirSync(path.join(admindir, sub), { recursive: true });
  writeFileSync(path.join(admindir, 'status'), '');
  writeFileSync(path.join(admindir, 'available'), '');
  for (const sub of ['state/lists/partial', 'cache/archives/partial', 'empty', 'log']) mkdirSync(path.join(dir, sub), { recursive: true });
  mkdirSync(repo, { recursive: true });
  // --multiversion: a repository may carry several builds of one package (libcudnn8 per CUDA release).
  for (const deb of debs) buildTestDeb(path.join(dir, 'build'), deb, repo);
  const packages = execFileSync('dpkg-scanpackages', ['--multiversion', '.', '/dev/null'], { cwd: repo, stdio: ['ignore', 'pipe', 'ignore'] });
  writeFileSync(path.join(repo, 'Packages'), packages);
  writeFileSync(path.join(dir, 'sources.list'), `deb [trusted=yes] file:${repo} ./\n`);
  const conf = [
    `Dir::Etc::SourceList "${dir}/sources.list";`,
    `Dir::Etc::SourceParts "${dir}/empty";`,
    `Dir::Etc::Parts "${dir}/empty";`,
    `Dir::Etc::Preferences "${dir}/empty/preferences";`,
    `Dir::Etc::PreferencesParts "${dir}/empty";`,
    `Dir::State "${dir}/state";`,
    `Dir::State::Lists "${dir}/state/lists";`,
    `Dir::State::status "${admindir}/status";`,
    `Dir::Cache "${dir}/cache";`,
    `Dir::Log "${dir}/log";`,
    'APT::Sandbox::User "root";',
    `DPkg::Options { "--root=${root}"; "--admindir=${admindir}"; "--log=${dir}/log/dpkg.log"; "--force-script-chrootless"; };`,
  ].join('\n');
  writeFileSync(path.join(dir, 'apt.conf'), `${conf}\n`);
  const env = { APT_CONFIG: path.join(dir, 'apt.conf'), DPKG_ADMINDIR: admindir };
  execFileSync('apt-get', ['update'], { env: { ...process.env, ...env }, stdio: 'ignore' });
  return { root, admindir, env };
}
