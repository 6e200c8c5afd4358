import { NOUVEAU_BLACKLIST } from '../install/steps/driverStep.js';
import type { ExportFile } from './exportPlan.js';
import type { ExportModel } from './exportModel.js';
import type { VerifyAssets } from './verifyAssets.js';
import { ansibleData as q, ansibleText, yamlComment, yamlScalar } from '../../shared/quote/yaml.js';

function yamlList(values: readonly string[], indent = 2): string {
  return values.length === 0 ? ' []' : `\n${values.map((value) => `${' '.repeat(indent)}- ${q(value)}`).join('\n')}`;
}


const doc = (lines: string[]): string => `---\n${lines.join('\n').replace(/\n+$/, '')}\n`;

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

const DEFAULTS = doc([
  '# Role knobs; the plan itself is in the playbook\'s group_vars/all.yml.',
  'dlsetup_env_dir: "{{ ansible_facts[\'user_dir\'] }}/.local/share/dlsetup/envs/{{ dlsetup_env_name }}"',
  'dlsetup_verify_dir: "{{ ansible_facts[\'user_dir\'] }}/.local/share/dlsetup/verify"',
  'dlsetup_fetch_dir: "{{ playbook_dir }}/dlsetup-reports"',
  'dlsetup_verify_quick: true',
  'dlsetup_verify_timeout: 900',
  '# false: a failed check is reported (and fetched) but does not fail the host.',
  'dlsetup_fail_on_check_failure: false',
  'dlsetup_allow_reboot: true',
  'dlsetup_reboot_timeout: 900',
  'dlsetup_apt_lock_timeout: 300',
  'dlsetup_manage_driver: false',
  'dlsetup_cuda_repo_distro: >-',
  "  {{ (ansible_facts['distribution'] | lower) ~ (ansible_facts['distribution_version'] | replace('.', '')",
  "  if ansible_facts['distribution'] == 'Ubuntu' else ansible_facts['distribution_major_version']) }}",
  "dlsetup_cuda_repo_arch: \"{{ 'sbsa' if ansible_facts['architecture'] == 'aarch64' else 'x86_64' }}\"",
  'dlsetup_cuda_repo_url: "{{ dlsetup_cuda_repo_base | default(\'\') }}/{{ dlsetup_cuda_repo_distro }}/{{ dlsetup_cuda_repo_arch }}"',
  'dlsetup_cuda_keyring_checksum: >-',
  "  {{ dlsetup_cuda_keyring_sha256 | default('', true) or (dlsetup_cuda_keyring_published | default({}))",
  "  .get(dlsetup_cuda_repo_distro ~ '/' ~ dlsetup_cuda_repo_arch, '') }}",
  "# NVIDIA's signing key file in the repository folder, for deb822_repository (ansible-core 2.15+).",
  'dlsetup_cuda_repo_key: "3bf863cc.pub"',
]);

const HANDLERS = doc([
  '- name: Rebuild the initramfs without nouveau',
  '  ansible.builtin.command: update-initramfs -u',
  '  become: true',
  '  changed_when: true',
  '',
  '- name: Reboot to load the NVIDIA driver',
  '  ansible.builtin.reboot:',
  '    msg: "DL Setup: restarting to load the NVIDIA driver"',
  '    reboot_timeout: "{{ dlsetup_reboot_timeout }}"',
  '  become: true',
  '  when: dlsetup_allow_reboot | bool',
  '',
  '- name: Refresh the dynamic linker cache',
  '  ansible.builtin.command: ldconfig',
  '  become: true',
  '  changed_when: true',
]);

const DRIVER_TASKS = doc([
  '- name: Read the loaded NVIDIA driver version',
  '  ansible.builtin.slurp:',
  '    src: /proc/driver/nvidia/version',
  '  register: dlsetup_driver_proc',
  '  failed_when: false',
  '',
  '- name: Decide whether the driver needs installing',
  '  ansible.builtin.set_fact:',
  '    dlsetup_driver_loaded: >-',
  "      {{ (dlsetup_driver_proc.content | default('') | b64decode",
  "      | regex_search('Kernel Module(?: for \\S+)?\\s+([0-9.]+)', '\\1') | default([''], true)) | first }}",
  '',
  '- name: Install the NVIDIA driver (Ubuntu)',
  '  ansible.builtin.apt:',
  '    name: "{{ dlsetup_driver_ubuntu_package }}"',
  '    state: present',
  '    update_cache: true',
  '    lock_timeout: "{{ dlsetup_apt_lock_timeout }}"',
  '  become: true',
  "  when: ansible_facts['distribution'] == 'Ubuntu' and (dlsetup_driver_loaded == '' or dlsetup_driver_loaded is version(dlsetup_driver_minimum, '<'))",
  '  notify: Reboot to load the NVIDIA driver',
  '',
  '- name: Install the NVIDIA driver (Debian, non-free)',
  '  ansible.builtin.apt:',
  '    name: "{{ dlsetup_driver_debian_packages }}"',
  '    state: present',
  '    update_cache: true',
  '    lock_timeout: "{{ dlsetup_apt_lock_timeout }}"',
  '  become: true',
  "  when: ansible_facts['distribution'] == 'Debian' and (dlsetup_driver_loaded == '' or dlsetup_driver_loaded is version(dlsetup_driver_minimum, '<'))",
  '  notify: Reboot to load the NVIDIA driver',
  '',
  '- name: Read the loaded kernel modules',
  '  ansible.builtin.slurp:',
  '    src: /proc/modules',
  '  register: dlsetup_proc_modules',
  '  failed_when: false',
  '',
  '- name: Keep nouveau from loading',
  '  ansible.builtin.copy:',
  `    dest: ${q(NOUVEAU_BLACKLIST)}`,
  '    content: |',
  '      # Managed by DL Setup; `dlsetup rollback` removes it.',
  '      blacklist nouveau',
  '      options nouveau modeset=0',
  '    mode: "0644"',
  '    backup: true',
  '  become: true',
  "  when: (dlsetup_proc_modules.content | default('') | b64decode) is regex('(^|\\n)nouveau ')",
  '  notify:',
  '    - Rebuild the initramfs without nouveau',
  '    - Reboot to load the NVIDIA driver',
]);

const CUDA_REPO_TASKS = doc([
  '# ansible-core 2.15+ has deb822_repository; older ones (Debian 12 ships 2.14) install NVIDIA\'s cuda-keyring package,',
  '# which is what DL Setup\'s own installer does.',
  "- name: Add NVIDIA's CUDA repository",
  '  ansible.builtin.include_tasks:',
  '    file: "{{ \'cuda_repo_deb822.yml\' if ansible_version.full is version(\'2.15\', \'>=\') else \'cuda_repo_keyring.yml\' }}"',
]);

const CUDA_REPO_DEB822 = doc([
  "- name: Add NVIDIA's CUDA repository (deb822, signed by NVIDIA's key)",
  '  ansible.builtin.deb822_repository:',
  '    name: cuda',
  '    types: deb',
  '    uris: "{{ dlsetup_cuda_repo_url }}/"',
  '    suites: "/"',
  '    signed_by: "{{ dlsetup_cuda_repo_url }}/{{ dlsetup_cuda_repo_key }}"',
  '  become: true',
]);

const CUDA_REPO_KEYRING = doc([
  "- name: Check whether NVIDIA's cuda-keyring is installed",
  '  ansible.builtin.command: dpkg-query -W -f ${db:Status-Abbrev} cuda-keyring',
  '  register: dlsetup_keyring_query',
  '  changed_when: false',
  '  failed_when: false',
  '  check_mode: false',
  '',
  '- name: Download cuda-keyring (checked against its sha256 when one is known)',
  '  ansible.builtin.get_url:',
  '    url: "{{ dlsetup_cuda_repo_url }}/cuda-keyring_{{ dlsetup_cuda_keyring_version }}_all.deb"',
  '    dest: "/tmp/dlsetup-cuda-keyring_{{ dlsetup_cuda_keyring_version }}_all.deb"',
  "    checksum: \"{{ ('sha256:' ~ dlsetup_cuda_keyring_checksum) if dlsetup_cuda_keyring_checksum else omit }}\"",
  '    mode: "0644"',
  "  when: not dlsetup_keyring_query.stdout.startswith('ii')",
  '',
  '- name: Install cuda-keyring',
  '  ansible.builtin.apt:',
  '    deb: "/tmp/dlsetup-cuda-keyring_{{ dlsetup_cuda_keyring_version }}_all.deb"',
  '    lock_timeout: "{{ dlsetup_apt_lock_timeout }}"',
  '  become: true',
  "  when: not dlsetup_keyring_query.stdout.startswith('ii') and not ansible_check_mode",
  '',
  '- name: Point the CUDA source list at the mirror',
  '  ansible.builtin.replace:',
  '    path: "/etc/apt/sources.list.d/cuda-{{ dlsetup_cuda_repo_distro }}-{{ dlsetup_cuda_repo_arch }}.list"',
  '    regexp: "https://developer\\\\.download\\\\.nvidia\\\\.com/compute/cuda/repos"',
  '    replace: "{{ dlsetup_cuda_repo_base }}"',
  '    backup: true',
  '  become: true',
  "  when: dlsetup_cuda_repo_base != 'https://developer.download.nvidia.com/compute/cuda/repos' and not ansible_check_mode",
]);

const TOOLKIT_TASKS = doc([
  '- name: Install the CUDA Toolkit next to any toolkit already installed',
  '  ansible.builtin.apt:',
  '    name: "{{ dlsetup_cuda_toolkit_package }}"',
  '    state: present',
  '    update_cache: true',
  '    install_recommends: false',
  '    lock_timeout: "{{ dlsetup_apt_lock_timeout }}"',
  '  become: true',
  '',
  '- name: Read which toolkit /usr/local/cuda points to',
  '  ansible.builtin.command: update-alternatives --query cuda',
  '  register: dlsetup_cuda_alternatives',
  '  changed_when: false',
  '  failed_when: false',
  '  check_mode: false',
  '',
  '- name: Register the toolkit with update-alternatives',
  '  ansible.builtin.command:',
  '    argv: [update-alternatives, --install, /usr/local/cuda, cuda, "{{ dlsetup_cuda_toolkit_dir }}", "{{ dlsetup_cuda_toolkit_priority }}"]',
  '  become: true',
  '  changed_when: true',
  '  when: >-',
  "    dlsetup_cuda_toolkit_set_active | bool and ('Alternative: ' ~ dlsetup_cuda_toolkit_dir) not in dlsetup_cuda_alternatives.stdout_lines",
  '',
  '- name: Make it the active toolkit',
  '  ansible.builtin.command:',
  '    argv: [update-alternatives, --set, cuda, "{{ dlsetup_cuda_toolkit_dir }}"]',
  '  become: true',
  '  changed_when: true',
  '  when: >-',
  "    dlsetup_cuda_toolkit_set_active | bool and ('Value: ' ~ dlsetup_cuda_toolkit_dir) not in dlsetup_cuda_alternatives.stdout_lines",
]);

const CUDNN_TASKS = doc([
  '- name: Install cuDNN',
  '  ansible.builtin.apt:',
  '    name: "{{ dlsetup_cudnn_packages }}"',
  '    state: present',
  '    update_cache: true',
  '    lock_timeout: "{{ dlsetup_apt_lock_timeout }}"',
  '  become: true',
]);

const ENV_TASKS = doc([
  '- name: Make the CUDA Toolkit the one every login shell gets',
  '  ansible.builtin.blockinfile:',
  '    path: "{{ dlsetup_profile_script }}"',
  '    marker: "# {mark} dlsetup cuda {mark}"',
  '    marker_begin: ">>>"',
  '    marker_end: "<<<"',
  '    block: "# Managed by DL Setup; `dlsetup rollback` removes it.\\n{{ dlsetup_cuda_env_block }}"',
  '    create: true',
  '    mode: "0644"',
  '    backup: true',
  '  become: true',
  '',
  "- name: Register the toolkit's libraries with the dynamic linker",
  '  ansible.builtin.copy:',
  '    dest: "{{ dlsetup_ld_conf }}"',
  '    content: "{{ dlsetup_ld_conf_content }}\\n"',
  '    mode: "0644"',
  '    backup: true',
  '  become: true',
  '  notify: Refresh the dynamic linker cache',
]);

const PYTHON_ENV_TASKS = doc([
  '- name: Create the Python virtual environment',
  '  ansible.builtin.command:',
  '    argv: ["python{{ dlsetup_python }}", -m, venv, "{{ dlsetup_env_dir }}"]',
  '    creates: "{{ dlsetup_env_dir }}/bin/python"',
  "  when: dlsetup_env_manager == 'venv'",
  '',
  '- name: Create the conda environment',
  '  ansible.builtin.command:',
  '    argv: >-',
  "      {{ ['conda', 'create', '--yes', '--prefix', dlsetup_env_dir, '--override-channels', '--channel', 'conda-forge',",
  "      'python=' ~ dlsetup_python, 'pip'] + dlsetup_conda_packages }}",
  '    creates: "{{ dlsetup_env_dir }}/bin/python"',
  "  when: dlsetup_env_manager == 'conda'",
]);

const FRAMEWORK_TASKS = doc([
  '- name: Install the framework with pip (exact pins from the plan)',
  '  ansible.builtin.pip:',
  '    name: "{{ dlsetup_pip_packages }}"',
  '    virtualenv: "{{ dlsetup_env_dir }}"',
  "    extra_args: >-",
  "      --disable-pip-version-check --no-input --no-color --progress-bar off",
  "      {{ ('--index-url ' ~ dlsetup_pip_index_url) if dlsetup_pip_index_url else '' }}",
  "      {{ dlsetup_pip_extra_index_urls | map('regex_replace', '^', '--extra-index-url ') | join(' ') }}",
  "      {{ dlsetup_pip_find_links | map('regex_replace', '^', '--find-links ') | join(' ') }}",
  '  environment:',
  '    PIP_NO_INPUT: "1"',
]);

function verifyTasks(): string {
  return doc([
    '- name: Make the verification folder',
    '  ansible.builtin.file:',
    '    path: "{{ dlsetup_verify_dir }}"',
    '    state: directory',
    '    mode: "0755"',
    '',
    "- name: Copy DL Setup's verification scripts",
    '  ansible.builtin.copy:',
    '    src: "{{ item }}"',
    '    dest: "{{ dlsetup_verify_dir }}/{{ item }}"',
    '    mode: "0755"',
    '  loop:',
    '    - dlsetup_check.py',
    '    - dlsetup_report.py',
    '',
    '- name: Verify the GPU (framework, devices, matmul against spec, cuDNN)',
    '  ansible.builtin.command:',
    '    argv: >-',
    "      {{ [dlsetup_env_dir ~ '/bin/python', dlsetup_verify_dir ~ '/dlsetup_report.py',",
    "      '--python', dlsetup_env_dir ~ '/bin/python', '--check', dlsetup_verify_dir ~ '/dlsetup_check.py',",
    "      '--framework', dlsetup_framework, '--timeout', dlsetup_verify_timeout | string, '--out', dlsetup_verify_dir ~ '/verify.json']",
    "      + (['--quick'] if dlsetup_verify_quick | bool else []) }}",
    '  register: dlsetup_verify',
    '  changed_when: false',
    '  failed_when: dlsetup_verify.rc not in [0, 2]',
    '  when: not ansible_check_mode',
    '',
    '- name: Fetch the report to the control machine',
    '  ansible.builtin.fetch:',
    '    src: "{{ dlsetup_verify_dir }}/verify.json"',
    '    dest: "{{ dlsetup_fetch_dir }}/{{ inventory_hostname }}/verify-{{ ansible_facts[\'date_time\'][\'iso8601_basic_short\'] }}.json"',
    '    flat: true',
    '  when: not ansible_check_mode',
    '',
    '- name: Show what the verification found',
    '  ansible.builtin.debug:',
    '    msg: "{{ dlsetup_verify.stdout | default(\'verification skipped in check mode\') }}"',
    '',
    '- name: Fail this host when a check failed',
    '  ansible.builtin.fail:',
    '    msg: "A DL Setup check failed on {{ inventory_hostname }}; see the fetched report (dlsetup fleet report {{ dlsetup_fetch_dir }})."',
    "  when: dlsetup_fail_on_check_failure | bool and (dlsetup_verify.rc | default(0)) == 2",
  ]);
}

/** An Ansible playbook with a `dlsetup` role: site.yml, group_vars/all.yml (versions, mirrors) and the role's files. */
export function exportAnsible(model: ExportModel, assets: VerifyAssets): ExportFile[] {
  const include = (name: string, file: string, when?: string) => [
    `- name: ${name}`,
    `  ansible.builtin.import_tasks: ${file}`,
    ...(when ? [`  when: ${when}`] : []),
    '',
  ];
  const main = [
    '- name: Check that this host is a Debian or Ubuntu machine',
    '  ansible.builtin.assert:',
    '    that:',
    "      - ansible_facts['os_family'] == 'Debian'",
    `    fail_msg: ${q('This DL Setup role installs on Debian and Ubuntu; plan other systems with DL Setup on the machine itself.')}`,
    '',
    ...(model.driver ? include('NVIDIA driver', 'driver.yml', 'dlsetup_manage_driver | bool') : []),
    ...(model.cudaRepo ? include("NVIDIA's CUDA repository", 'cuda_repo.yml') : []),
    ...(model.toolkit ? include('CUDA Toolkit', 'cuda_toolkit.yml') : []),
    ...(model.cudnn ? include('The cuDNN library', 'cudnn.yml') : []),
    ...(model.env ? include('CUDA environment variables', 'env_vars.yml') : []),
    ...include('Python environment', 'python_env.yml'),
    ...include('Framework', 'framework.yml'),
    '- name: Restart now if the driver asked for it, before verifying',
    '  ansible.builtin.meta: flush_handlers',
    '',
    ...include('Verification', 'verify.yml'),
  ];
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
  const files: ExportFile[] = [
    { path: 'site.yml', content: site },
    { path: 'group_vars/all.yml', content: groupVars(model) },
    { path: 'roles/dlsetup/defaults/main.yml', content: DEFAULTS },
    { path: 'roles/dlsetup/handlers/main.yml', content: HANDLERS },
    { path: 'roles/dlsetup/tasks/main.yml', content: doc(main) },
    { path: 'roles/dlsetup/tasks/python_env.yml', content: PYTHON_ENV_TASKS },
    { path: 'roles/dlsetup/tasks/framework.yml', content: FRAMEWORK_TASKS },
    { path: 'roles/dlsetup/tasks/verify.yml', content: verifyTasks() },
    { path: 'roles/dlsetup/files/dlsetup_check.py', content: assets.checkScript, mode: 0o755 },
    { path: 'roles/dlsetup/files/dlsetup_report.py', content: assets.reportScript, mode: 0o755 },
  ];
  if (model.driver) files.push({ path: 'roles/dlsetup/tasks/driver.yml', content: DRIVER_TASKS });
  if (model.cudaRepo) {
    files.push(
      { path: 'roles/dlsetup/tasks/cuda_repo.yml', content: CUDA_REPO_TASKS },
      { path: 'roles/dlsetup/tasks/cuda_repo_deb822.yml', content: CUDA_REPO_DEB822 },
      { path: 'roles/dlsetup/tasks/cuda_repo_keyring.yml', content: CUDA_REPO_KEYRING },
    );
  }
  if (model.toolkit) files.push({ path: 'roles/dlsetup/tasks/cuda_toolkit.yml', content: TOOLKIT_TASKS });
  if (model.cudnn) files.push({ path: 'roles/dlsetup/tasks/cudnn.yml', content: CUDNN_TASKS });
  if (model.env) files.push({ path: 'roles/dlsetup/tasks/env_vars.yml', content: ENV_TASKS });
  return files;
}
