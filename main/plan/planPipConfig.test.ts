/*
 * Issue 32: the user's pip configuration at plan time. pip reads pip.conf files and PIP_* variables when it installs
 * (pip's configuration docs: PIP_CONFIG_FILE, the global files, ~/.pip/pip.conf, $XDG_CONFIG_HOME/pip/pip.conf, the
 * environment's own pip.conf; then PIP_* variables), so the plan's files are checked on the indexes they add. Expected
 * answers written from those rules: --index-url (a mirror, PyTorch's index) replaces the configured index-url,
 * extra-index-url adds to it, no-index leaves only find-links.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planSchema } from '../../shared/schema/planSchema.js';
import { resolvePlan } from '../../shared/plan/resolvePlan.js';
import type { PlanRequest } from '../../shared/types/plan.js';
import { startLoopbackIndex, type LoopbackIndex } from '../../testkit/index/loopbackIndex.js';
import { realIndexProjects } from '../../testkit/index/realIndexData.js';
import { shippedData } from '../../testkit/plan/linuxPlan.js';
import { nvidiaProfile } from '../../testkit/plan/nvidiaProfile.js';
import { NO_PIP_CONFIG } from '../index/pipIndexConfig.js';
import { formatPlan } from './formatPlan.js';
import { planPipConfig } from './planPipConfig.js';
import { withIndexCheck } from './planWithIndex.js';

const PROFILE = nvidiaProfile('NVIDIA GeForce RTX 4090', '570.124.04', 'linux', { computeCapability: '8.9' });
const REQUEST: PlanRequest = { framework: 'pytorch', frameworkVersion: '2.7.0', python: '3.12' };
const plan = resolvePlan(shippedData, PROFILE, REQUEST);

let home: string;
let full: LoopbackIndex;
let lagging: LoopbackIndex;
beforeAll(async () => {
  home = mkdtempSync(path.join(os.tmpdir(), 'dlsetup-pipconf-'));
  const projects = realIndexProjects();
  full = await startLoopbackIndex({ projects, metadata: true });
  lagging = await startLoopbackIndex({ projects, metadata: true, omitVersionsAbove: { torch: '2.6.0' } });
});
afterAll(async () => {
  await full?.close();
  await lagging?.close();
  rmSync(home, { recursive: true, force: true });
});

function writeConfig(file: string, text: string): string {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
  return file;
}

describe("the user's pip configuration at plan time", () => {
  it('reads the user file and PIP_* variables in pip\'s order, and keeps only http(s) indexes', async () => {
    writeConfig(path.join(home, '.config', 'pip', 'pip.conf'), '[global]\nindex-url = https://pypi.corp.example/simple\nextra-index-url =\n  https://wheels.lab.example/simple\n  file:///etc/shadow\n\n[install]\nfind-links = https://wheels.lab.example/links/\n');
    const read = await planPipConfig(plan, { HOME: home, XDG_CONFIG_DIRS: path.join(home, 'none') });
    expect(read.config).toEqual({ indexUrls: ['https://pypi.corp.example/simple'], extraIndexUrls: ['https://wheels.lab.example/simple'], findLinks: ['https://wheels.lab.example/links/'], noIndex: false });
    // file:///etc/shadow is a file on this computer: pip may read it, and the indexes are still worth checking.
    expect(read.unreadable).toBe(false);
    // A folder from PIP_FIND_LINKS (as on machines with a local wheel cache) does not stop the check either.
    expect((await planPipConfig(plan, { HOME: home, XDG_CONFIG_DIRS: path.join(home, 'none'), PIP_FIND_LINKS: '/opt/wheels' })).unreadable).toBe(false);
    // A variable replaces the file's value for its key, as pip's :env: section does; a user name in it is sent, not refused.
    const withVariable = await planPipConfig(plan, { HOME: home, XDG_CONFIG_DIRS: path.join(home, 'none'), PIP_INDEX_URL: 'https://me:s3cret@mirror.example/simple', PIP_EXTRA_INDEX_URL: 'https://wheels.lab.example/simple' });
    expect(withVariable.config.indexUrls).toEqual(['https://me:s3cret@mirror.example/simple']);
    // PIP_CONFIG_FILE=/dev/null loads no file at all.
    expect(await planPipConfig(plan, { HOME: home, PIP_CONFIG_FILE: '/dev/null' })).toEqual({ config: NO_PIP_CONFIG, unreadable: false });
  });

  it('an index pip.conf adds is asked too and said as the user\'s: a lagging mirror plus the full index finds torch 2.7.0', async () => {
    const alone = await withIndexCheck({ data: shippedData, profile: PROFILE, request: REQUEST, pypiMirror: lagging.url, glibc: '2.36', cacheDir: null }, plan);
    expect(alone.status).toBe('blocked');
    const config = { ...NO_PIP_CONFIG, extraIndexUrls: [full.url] };
    const checked = await withIndexCheck({ data: shippedData, profile: PROFILE, request: REQUEST, pypiMirror: lagging.url, glibc: '2.36', cacheDir: null, pipConfig: config }, plan);
    expect(checked.status).toBe('ok');
    expect(checked.index).toMatchObject({ status: 'resolved', indexes: [lagging.url, full.url], fromPipConfig: [full.url] });
    expect(formatPlan(checked, { color: false })).toContain(`Your pip configuration (pip.conf or PIP_* variables) adds ${full.url}: pip will read it when it installs, so the check read it too.`);
  });

  it("pip.conf's index-url replaces PyPI for a plan that names none, and no-index leaves nothing to check", async () => {
    const tensorflow = resolvePlan(shippedData, PROFILE, { framework: 'tensorflow', python: '3.12' });
    const corp = { ...NO_PIP_CONFIG, indexUrls: [lagging.url] };
    const checked = await withIndexCheck({ data: shippedData, profile: PROFILE, request: { framework: 'tensorflow', python: '3.12' }, glibc: '2.36', cacheDir: null, pipConfig: corp }, tensorflow);
    expect(checked.index?.indexes).toEqual([lagging.url]);
    expect(checked.index?.fromPipConfig).toEqual([lagging.url]);
    const none = await withIndexCheck({ data: shippedData, profile: PROFILE, request: REQUEST, glibc: '2.36', cacheDir: null, pipConfig: { ...NO_PIP_CONFIG, noIndex: true } }, plan);
    expect(none.index).toMatchObject({ status: 'dataOnly', reason: 'noIndex', requests: 0 });
    expect(formatPlan(none, { color: false })).toContain('Not checked against the package index (your pip configuration says no-index)');
    expect(formatPlan(none, { color: false, locale: 'zh-CN' })).toContain('未与软件包索引核对（你的 pip 配置设置了 no-index）');
  });

  it('a source pip reads and DL Setup does not (an intranet index over plain http): not checked, said why, and the plan file reads back', async () => {
    writeConfig(path.join(home, 'plain', '.config', 'pip', 'pip.conf'), '[global]\nindex-url = http://pypi.corp.example/simple\n');
    const read = await planPipConfig(plan, { HOME: path.join(home, 'plain'), XDG_CONFIG_DIRS: path.join(home, 'none') });
    expect(read).toEqual({ config: NO_PIP_CONFIG, unreadable: true });
    const checked = await withIndexCheck({ data: shippedData, profile: PROFILE, request: REQUEST, glibc: '2.36', cacheDir: null, pipConfig: read.config, pipConfigUnreadable: read.unreadable }, plan);
    expect(checked.status).toBe('ok');
    expect(checked.index).toEqual({ status: 'dataOnly', reason: 'pipConfigUnread', indexes: [], requests: 0, ms: 0 });
    expect(formatPlan(checked, { color: false })).toContain('Not checked against the package index (your pip configuration names a package index DL Setup does not read (plain http outside this computer, or not an address), and pip will use it when it installs)');
    expect(formatPlan(checked, { color: false, locale: 'zh-CN' })).toContain('你的 pip 配置里有 DL Setup 不读取的软件包索引');
    // What `dlsetup plan --json` writes, `dlsetup install --plan` reads back.
    expect(v.safeParse(planSchema, JSON.parse(JSON.stringify(checked))).success).toBe(true);
  });
});

