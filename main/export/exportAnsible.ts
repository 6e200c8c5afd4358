import type { ExportFile } from './exportFile.js';
import type { ExportModel } from './exportModel.js';
import { exportTemplate } from './exportTemplates.js';
import type { VerifyAssets } from './verifyAssets.js';
import { ansibleData as q, ansibleText, yamlComment, yamlScalar } from '../../shared/quote/yaml.js';
import { roleVars } from './ansibleRoleVars.js';

function yamlList(values: readonly string[], indent = 2): string {
  return values.length === 0 ? ' []' : `\n${values.map((value) => `${' '.repeat(indent)}- ${q(value)}`).join('\n')}`;
}

const doc = (lines: string[]): string => `---\n${lines.join('\n').replace(/\n+$/, '')}\n`;

/** pip's proxy without its user name and password; the role hands it to pip in a 0600 file, never on a command line. */
function proxyVars(proxy: ExportModel['framework']['proxy']): string[] {
  return [
    '',
    ...(proxy?.credentialsLeftOut
      ? [
          yamlComment(`pip's proxy is ${proxy.url}; its user name and password are not written here. Keep the whole URL`),
          '# (http://USER:PASSWORD@host:port) in Ansible Vault and name it: dlsetup_pip_proxy: "{{ vault_dlsetup_pip_proxy }}"',
        ]
      : ["# pip's proxy (empty: none); one with a password belongs in Ansible Vault, not here."]),
    `dlsetup_pip_proxy: ${q(proxy?.url ?? '')}`,
  ];
}

/** The plan as Ansible variables, each value quoted as YAML (tagged !unsafe where Jinja could read it); the role reads them as {{ var }}. */
function groupVars(model: ExportModel): string {
  const f = model.framework;
  const lines = [
    yamlComment(`DL Setup plan: ${model.summary}.`),
    '# Versions and mirrors for every host; override per group or host in group_vars/ and host_vars/.',
    `dlsetup_framework: ${q(f.name)}`,
    `dlsetup_framework_version: ${q(f.version)}`,
    `dlsetup_python: ${q(model.pythonEnv.python)}`,
    `dlsetup_env_name: ${q(model.pythonEnv.name)}`,
    `dlsetup_env_manager: ${q(model.pythonEnv.manager)}`,
    `dlsetup_conda_packages:${yamlList(model.pythonEnv.condaPackages)}`,
    '',
    '# pip: exact pins from the plan; index URLs are the mirrors (PyPI / download.pytorch.org or a mirror of them).',
    `dlsetup_pip_packages:${yamlList(f.packages)}`,
    `dlsetup_pip_index_url: ${q(f.indexUrl ?? '')}`,
    `dlsetup_pip_extra_index_urls:${yamlList(f.extraIndexUrls)}`,
    `dlsetup_pip_find_links:${yamlList(f.findLinks)}`,
    '# The files the plan found on its index, by sha256: pip --require-hashes installs exactly these bytes (empty: not pinned).',
    `dlsetup_pip_pins:${yamlList(f.pins ?? [])}`,
    ...proxyVars(f.proxy),
  ];
  if (model.driver) {
    const d = model.driver;
    lines.push(
      '',
      `dlsetup_manage_driver: ${!d.manual}`,
      `dlsetup_driver_branch: ${q(d.branch)}`,
      `dlsetup_driver_minimum: ${q(d.minimum)}`,
      `dlsetup_driver_ubuntu_package: ${q(d.ubuntuPackage)}`,
      `dlsetup_driver_debian_packages:${yamlList(d.debianPackages)}`,
    );
  }
  if (model.cudaRepo) {
    const r = model.cudaRepo;
    lines.push(
      '',
      "# NVIDIA's CUDA repository (a mirror of it may replace the base URL; packages stay checked against NVIDIA's key).",
      `dlsetup_cuda_repo_base: ${q(r.mirror)}`,
      `dlsetup_cuda_keyring_version: ${q(r.keyringVersion)}`,
      '# sha256 of cuda-keyring_<version>_all.deb; when set, the download is checked before it is installed.',
      `dlsetup_cuda_keyring_sha256: ${q(r.keyringSha256 ?? '')}`,
      "# NVIDIA's published checksums per distro/arch (DL Setup's data/cuda-keyrings.json), used when the one above is empty.",
      r.published.length ? 'dlsetup_cuda_keyring_published:' : 'dlsetup_cuda_keyring_published: {}',
      ...r.published.map((row) => `  ${yamlScalar(`${row.distro}/${row.arch}`)}: ${q(row.sha256)}`),
      ...(r.wsl ? ['dlsetup_cuda_repo_distro: "wsl-ubuntu"'] : []),
    );
  }
  if (model.toolkit) {
    const t = model.toolkit;
    lines.push(
      '',
      `dlsetup_cuda_toolkit_version: ${q(t.version)}`,
      `dlsetup_cuda_toolkit_package: ${q(t.package)}`,
      `dlsetup_cuda_toolkit_dir: ${q(t.dir)}`,
      `dlsetup_cuda_toolkit_set_active: ${t.setActive}`,
      `dlsetup_cuda_toolkit_priority: ${t.priority}`,
    );
  }
  if (model.cudnn) lines.push('', `dlsetup_cudnn_version: ${q(model.cudnn.version)}`, `dlsetup_cudnn_packages:${yamlList(model.cudnn.packages)}`);
  if (model.systemPython) {
    const p = model.systemPython;
    lines.push(
      '',
      `# The distribution's package that gives Python ${p.python} its venv module (ensurepip), by distribution.`,
      p.packages.length ? 'dlsetup_system_python_packages:' : 'dlsetup_system_python_packages: {}',
      ...p.packages.map((row) => `  ${yamlScalar(row.distro)}: ${q(row.name)}`),
    );
  }
  if (model.env) {
    const e = model.env;
    lines.push(
      '',
      `dlsetup_cuda_home: ${q(e.cudaHome)}`,
      `dlsetup_profile_script: ${q(e.profileScript)}`,
      `dlsetup_ld_conf: ${q(e.ldConf)}`,
      `dlsetup_cuda_env_block: ${ansibleText(e.blockBody)}`,
      `dlsetup_ld_conf_content: ${ansibleText(e.ldConfContent)}`,
    );
  }
  return doc(lines);
}

/** Role files every export carries, in the order they are written (templates/ansible/roles/dlsetup/). */
const ROLE_FILES = ['defaults/main.yml', 'handlers/main.yml', 'tasks/main.yml', 'tasks/python_env.yml', 'tasks/framework.yml', 'tasks/verify.yml', 'tasks/failure.yml'];

type Part = 'driver' | 'cudaRepo' | 'toolkit' | 'cudnn' | 'env' | 'systemPython';

/** Task files only a plan with that part carries; tasks/main.yml's import of one that is not carried is left out. */
const PART_TASKS: readonly [part: Part, files: readonly string[]][] = [
  ['driver', ['tasks/driver.yml']],
  ['cudaRepo', ['tasks/cuda_repo.yml', 'tasks/cuda_repo_deb822.yml', 'tasks/cuda_repo_keyring.yml']],
  ['toolkit', ['tasks/cuda_toolkit.yml']],
  ['cudnn', ['tasks/cudnn.yml']],
  ['env', ['tasks/env_vars.yml']],
  ['systemPython', ['tasks/system_python.yml']],
];

/** Parts that install with apt: their plans carry tasks/apt_ready.yml (python3-apt for Ansible's apt module). */
const APT_PARTS: readonly Part[] = ['driver', 'cudaRepo', 'toolkit', 'cudnn', 'systemPython'];

const roleTemplate = (file: string) => exportTemplate(`ansible/roles/dlsetup/${file}`);

/** tasks/main.yml without the import paragraphs (blank-line separated, one import each) of task files this export does not carry. */
function mainTasks(carried: ReadonlySet<string>): string {
  return roleTemplate('tasks/main.yml')
    .split('\n\n')
    .filter((paragraph) => {
      const imported = /^ *- name: [^\n]*\n +ansible\.builtin\.import_tasks: (\S+)(\n +when: [^\n]*)?\n?$/.exec(paragraph)?.[1];
      return imported === undefined || carried.has(`tasks/${imported}`);
    })
    .join('\n\n');
}

/** An Ansible playbook with a `dlsetup` role: site.yml, group_vars/all.yml (versions, mirrors) and the role's files. */
export function exportAnsible(model: ExportModel, assets: VerifyAssets): ExportFile[] {
  const site = doc([
    yamlComment(`DL Setup: ${model.summary}.`),
    yamlComment(`Generated by ${model.generatedBy} from a resolved plan.`),
    '# Run:     ansible-playbook -i inventory.ini site.yml',
    '# Reports: each host\'s verification JSON is fetched to dlsetup-reports/<host>/; summarise with',
    '#          dlsetup fleet report dlsetup-reports/ --html fleet.html',
    `- name: ${q(`DL Setup: ${model.summary}`)}`,
    '  hosts: all',
    '  roles:',
    '    - role: dlsetup',
  ]);
  const aptReady = APT_PARTS.some((part) => model[part]) ? ['tasks/apt_ready.yml'] : [];
  const partFiles = [...aptReady, ...PART_TASKS.flatMap(([part, files]) => (model[part] ? files : []))];
  const carried = new Set([...ROLE_FILES, ...partFiles]);
  const role = (file: string): ExportFile => ({ path: `roles/dlsetup/${file}`, content: file === 'tasks/main.yml' ? mainTasks(carried) : roleTemplate(file) });
  return [
    { path: 'site.yml', content: site },
    { path: 'group_vars/all.yml', content: groupVars(model) },
    ...ROLE_FILES.map(role),
    { path: 'roles/dlsetup/vars/main.yml', content: roleVars() },
    { path: 'roles/dlsetup/files/dlsetup_check.py', content: assets.checkScript, mode: 0o755 },
    { path: 'roles/dlsetup/files/dlsetup_report.py', content: assets.reportScript, mode: 0o755 },
    ...partFiles.map(role),
  ];
}
