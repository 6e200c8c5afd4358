import type { DiagnoseLocale } from '../../shared/types/diagnose.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import { cudaSeries } from '../../shared/versions/cudaVersion.js';

const WORDS: Record<DiagnoseLocale, { and: string; separator: string; none: string; cc: string }> = {
  en: { and: ' and ', separator: ', ', none: 'none', cc: 'compute capability' },
  'zh-CN': { and: ' 和 ', separator: '、', none: '无', cc: '计算能力' },
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
  if (machine.os?.secureBoot === 'enabled') values.machineSecureBoot = 'yes';
  if (machine.os?.nouveauLoaded) values.machineNouveau = 'yes';
  return values;
}
