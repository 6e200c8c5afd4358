import type { DiagnoseLocale } from '../../shared/types/diagnose.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { cudaSeries } from '../../shared/versions/cudaVersion.js';
import { cudaMajorFromSoname } from './detailValues.js';
import type { HostFacts } from './hostFacts.js';

const WORDS: Record<DiagnoseLocale, { and: string; separator: string; none: string; cc: string; on: string; off: string; loaded: string; notLoaded: string; installed: string; missing: string }> = {
  en: { and: ' and ', separator: ', ', none: 'none', cc: 'compute capability', on: 'on', off: 'off', loaded: 'loaded', notLoaded: 'not loaded', installed: 'installed', missing: 'missing' },
  'zh-CN': { and: ' 和 ', separator: '、', none: '无', cc: '计算能力', on: '开启', off: '关闭', loaded: '已加载', notLoaded: '未加载', installed: '已安装', missing: '缺失' },
};

/** "12.4 and 13.0", "11.8, 12.4 and 13.0", "12.4 和 13.0". */
export function joinList(items: string[], locale: DiagnoseLocale): string {
  const words = WORDS[locale];
  if (items.length === 0) return words.none;
  if (items.length === 1) return items[0] as string;
  return `${items.slice(0, -1).join(words.separator)}${words.and}${items[items.length - 1]}`;
}

const PACKAGE_NAMES: Record<string, string[]> = {
  pytorch: ['torch'],
  tensorflow: ['tensorflow', 'tensorflow-gpu', 'tensorflow_gpu', 'tensorflow-cpu'],
  jax: ['jax', 'jaxlib'],
};

/** The version of a framework installed in any of the machine's Python environments (the first found). */
export function installedFrameworkVersion(machine: HardwareReport, framework: string): string | undefined {
  for (const python of machine.pythons ?? []) {
    for (const name of PACKAGE_NAMES[framework] ?? []) {
      const version = python.packages?.[name];
      if (version) return version;
    }
  }
  return undefined;
}

/** Values the `onThisMachine` sentences use, from the detected HardwareReport; flags are present only when true. */
export function machineValues(machine: HardwareReport, locale: DiagnoseLocale): Record<string, string> {
  const values: Record<string, string> = {};
  const toolkits = [...new Set((machine.cudaToolkits ?? []).map((toolkit) => cudaSeries(toolkit.version)))];
  values.machineToolkits = joinList(toolkits, locale);
  values.machineCudnn = joinList([...new Set((machine.cudnn ?? []).map((install) => install.version))], locale);
  if (machine.driver) {
    values.machineDriver = machine.driver.version;
    if (machine.driver.cudaVersion) values.machineDriverCuda = machine.driver.cudaVersion;
  }
  const nvidia = (machine.gpus ?? []).filter((gpu) => gpu.vendor === 'nvidia');
  if (!machine.driver && nvidia.length > 0) values.machineNoDriver = 'yes';
  const gpus = (machine.gpus ?? []).map((gpu) => (gpu.computeCapability ? `${gpu.name} (${WORDS[locale].cc} ${gpu.computeCapability})` : gpu.name));
  if (gpus.length > 0) values.machineGpu = joinList([...new Set(gpus)], locale);
  // Valid device numbers (invalid ordinal) and each card's memory (a cuDNN/cuBLAS start that ran out of it).
  if (nvidia.length > 0) {
    values.machineNvidiaGpuCount = String(nvidia.length);
    values.machineLastGpuIndex = String(nvidia.length - 1);
  }
  const withMemory = nvidia.filter((gpu) => gpu.memoryMiB).map((gpu) => `${gpu.name} (${gpu.memoryMiB} MiB)`);
  if (withMemory.length > 0) values.machineGpuMemory = joinList([...new Set(withMemory)], locale);
  if (machine.os?.secureBoot === 'enabled') values.machineSecureBoot = 'yes';
  if (machine.os?.nouveauLoaded) values.machineNouveau = 'yes';
  const words = WORDS[locale];
  if (machine.os?.platform === 'linux') {
    if (machine.os.secureBoot !== 'unknown') values.machineSecureBootState = machine.os.secureBoot === 'enabled' ? words.on : words.off;
    values.machineNouveauState = machine.os.nouveauLoaded ? words.loaded : words.notLoaded;
    if (machine.os.kernel) values.machineKernel = machine.os.kernel;
    const python = (machine.pythons ?? []).find((candidate) => candidate.kind === 'system') ?? machine.pythons?.[0];
    const minor = python && /^(3\.\d{1,2})\b/.exec(python.version)?.[1];
    if (minor) values.machineVenvPackage = `python${minor}-venv`;
  }
  return values;
}

/** Machine values that also need files of this machine (HostFacts): kernel headers, which toolkit folder holds a library. */
export function hostValues(machine: HardwareReport, host: HostFacts | undefined, locale: DiagnoseLocale): Record<string, string> {
  const values: Record<string, string> = {};
  if (host?.kernelHeaders === true) values.machineKernelHeadersState = WORDS[locale].installed;
  if (host?.cudaVisibleDevices !== undefined) values.machineCudaVisibleDevices = host.cudaVisibleDevices === '' ? '""' : host.cudaVisibleDevices;
  if (host?.kernelHeaders === false) {
    values.machineKernelHeadersState = WORDS[locale].missing;
    values.machineKernelHeadersMissing = 'yes';
  }
  return values;
}

/**
 * The toolkit on this machine that provides a library the text says is missing, and the folder to put on the loader's
 * path. With HostFacts the folder must list the file; without them the CUDA major decides (every 11.x has libcudart.so.11.0).
 */
export function libraryValues(soname: string | undefined, machine: HardwareReport, host: HostFacts | undefined): Record<string, string> {
  if (!soname) return {};
  const major = cudaMajorFromSoname(soname);
  const windows = soname.endsWith('.dll');
  const candidates = (machine.cudaToolkits ?? []).filter((toolkit) => major !== undefined && toolkit.version.split('.')[0] === major);
  let found: { version: string; dir: string } | undefined;
  if (host) {
    const exact = host.toolkitLibraries.find((library) => library.files.includes(soname));
    if (exact) found = { version: exact.toolkitVersion, dir: exact.dir };
  } else {
    const toolkit = candidates.find((candidate) => candidate.active) ?? candidates[candidates.length - 1];
    if (toolkit) found = { version: toolkit.version, dir: windows ? `${toolkit.path}\\bin` : `${toolkit.path.replace(/\/+$/, '')}/lib64` };
  }
  if (!found) return {};
  const values: Record<string, string> = { machineLibToolkit: cudaSeries(found.version) };
  if (windows) values.machineDllDir = found.dir;
  else values.machineLibDir = found.dir;
  return values;
}
