/** PCI vendors whose display adapters are always emulated (QEMU, VMware, VirtualBox, Hyper-V, Cirrus, Red Hat QXL/virtio). */
const VIRTUAL_VENDORS = new Set(['1234', '15ad', '80ee', '1414', '1013', '1b36', '1af4']);

const VIRTUAL_NAMES =
  /Cirrus|VMware SVGA|SVGA II|\bQXL\b|virtio|Hyper-V|Remote Display|RDP|Parsec|llvmpipe|softpipe|SwiftShader|Microsoft Basic|Basic Display|VirtualBox|Bochs|Standard VGA|Citrix Indirect|Virtual Display|Meta Virtual Monitor|Mirage Driver/i;

/** A display adapter that cannot run CUDA/ROCm/oneAPI work: we keep it in displayAdapters but not in gpus. */
export function isVirtualDisplayAdapter(adapter: { vendorId?: string; name?: string }): boolean {
  if (adapter.vendorId && VIRTUAL_VENDORS.has(adapter.vendorId.toLowerCase())) return true;
  return VIRTUAL_NAMES.test(adapter.name ?? '');
}

/** The vendors whose GPUs the wizard knows: NVIDIA, AMD/ATI, Intel, Apple. */
export function gpuVendorFromPciVendor(vendorId: string | undefined): 'nvidia' | 'amd' | 'intel' | 'apple' | null {
  switch ((vendorId ?? '').toLowerCase()) {
    case '10de':
      return 'nvidia';
    case '1002':
    case '1022':
      return 'amd';
    case '8086':
      return 'intel';
    case '106b':
      return 'apple';
    default:
      return null;
  }
}
