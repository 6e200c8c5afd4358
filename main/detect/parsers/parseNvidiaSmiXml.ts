import { readXml, xmlChild, xmlText } from './readXml.js';
import { isIntegratedNvidiaName, isMissingValue, isVgpuProfileName, mibFromText, pciIdFromNvidiaHex, type NvidiaSmiGpu, type NvidiaSmiSnapshot } from './nvidiaSmiSnapshot.js';

function present(value: string | undefined): string | undefined {
  return value === undefined || isMissingValue(value) ? undefined : value;
}

/** Parses `nvidia-smi -q -x`; null when the text is not an nvidia_smi_log document. */
export function parseNvidiaSmiXml(text: string): NvidiaSmiSnapshot | null {
  let root;
  try {
    root = readXml(text);
  } catch {
    return null;
  }
  if (!root || root.name !== 'nvidia_smi_log') return null;
  const version = (path: string) => /\d+(?:\.\d+)+/.exec(xmlText(root, path) ?? '')?.[0];
  const gpus: NvidiaSmiGpu[] = [];
  for (const [index, element] of root.children.filter((child) => child.name === 'gpu').entries()) {
    const name = present(xmlText(element, 'product_name')) ?? 'NVIDIA GPU';
    const gpu: NvidiaSmiGpu = { index, name };
    const busId = present(element.attributes.id) ?? present(xmlText(element, 'pci/pci_bus_id'));
    if (busId) gpu.busId = busId;
    const uuid = present(xmlText(element, 'uuid'));
    if (uuid) gpu.uuid = uuid;
    const pciId = pciIdFromNvidiaHex(xmlText(element, 'pci/pci_device_id'));
    if (pciId) gpu.pciId = pciId;
    const subsystem = pciIdFromNvidiaHex(xmlText(element, 'pci/pci_sub_system_id'));
    if (subsystem) gpu.subsystemId = subsystem;
    const memory = mibFromText(xmlText(element, 'fb_memory_usage/total'));
    if (memory !== undefined) gpu.memoryMiB = memory;
    const architecture = present(xmlText(element, 'product_architecture'));
    if (architecture) gpu.architecture = architecture;
    const computeCap = present(xmlText(element, 'compute_cap'));
    if (computeCap) gpu.computeCapability = computeCap;
    const driverModel = present(xmlText(element, 'driver_model/current_dm'));
    if (driverModel) gpu.driverModel = driverModel;
    const mig = xmlText(element, 'mig_mode/current_mig');
    if (mig === 'Enabled') gpu.migEnabled = true;
    else if (mig === 'Disabled') gpu.migEnabled = false;
    const migCount = xmlChild(element, 'mig_devices')?.children.filter((child) => child.name === 'mig_device').length ?? 0;
    if (migCount > 0) gpu.migDevices = migCount;
    const virtualization = xmlText(element, 'gpu_virtualization_mode/virtualization_mode') ?? '';
    if (/^VGPU$/i.test(virtualization) || isVgpuProfileName(name)) gpu.virtualization = 'vgpu';
    else if (/pass-?through/i.test(virtualization)) gpu.virtualization = 'passthrough';
    if (isIntegratedNvidiaName(name)) gpu.integrated = true;
    gpus.push(gpu);
  }
  return {
    driverVersion: version('kmd_version') ?? version('driver_version') ?? null,
    cudaVersion: version('cuda_umd_version') ?? version('cuda_version') ?? null,
    gpus,
  };
}
