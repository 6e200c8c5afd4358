import { capabilityFromArch } from '../../shared/plan/computeCapability.js';
import type { DiagnoseFacts, DiagnosedGpu } from '../../shared/types/diagnose.js';
import { cudnnVersionFromNumber } from '../detect/parsers/parseCudnnHeader.js';
import { detectFramework } from './detectFramework.js';
import { forEachLineWith } from './forEachLineWith.js';
import { vendorOf } from './gpuVendorOf.js';

/** Facts that logs and tracebacks state in passing: GPU names with their capability, the driver an installer installs. */
export function logFacts(facts: DiagnoseFacts, text: string): void {
  const gpus: DiagnosedGpu[] = [];
  forEachLineWith(text, /with CUDA capability sm_|which is of cuda capability|compute capability: |Active GPU name: /gi, (line) => {
    const modern = /(?:^|\s)([A-Za-z][\w .()-]{2,60}?) with CUDA capability (sm_\d{2,3}[af]?)\b/.exec(line);
    const modernCc = modern ? capabilityFromArch(modern[2] as string) : null;
    const old = /Found GPU\d{1,2} (.{2,60}?) which is of cuda capability (\d{1,2}\.\d)/.exec(line);
    const tf = /name: ([^,]{2,80}), pci bus id: [^,]{1,40}, compute capability: (\d{1,2}\.\d)/.exec(line);
    const active = /^Active GPU name: (.{2,120})$/.exec(line);
    const gpu: DiagnosedGpu | null = modern && modernCc
      ? { vendor: 'nvidia', name: (modern[1] as string).trim(), computeCapability: modernCc }
      : old
        ? { vendor: 'nvidia', name: (old[1] as string).trim(), computeCapability: old[2] as string }
        : tf
          ? { vendor: 'nvidia', name: (tf[1] as string).trim(), computeCapability: tf[2] as string }
          : active
            ? { vendor: vendorOf(undefined, active[1] as string) === 'unknown' ? 'nvidia' : vendorOf(undefined, active[1] as string), name: (active[1] as string).trim() }
            : null;
    if (gpu && !gpus.some((known) => known.name === gpu.name)) gpus.push(gpu);
  });
  if (gpus.length > 0) facts.gpus = [...(facts.gpus ?? []), ...gpus.filter((gpu) => !facts.gpus?.some((known) => known.name === gpu.name))];
  forEachLineWith(text, /installer version: |Installing NVIDIA driver version /gi, (line) => {
    const version = /(?:installer version: |Installing NVIDIA driver version )(\d{2,3}\.\d{1,3}(?:\.\d{1,3})?)/.exec(line)?.[1];
    if (version) facts.driverVersion ??= version;
  });
  forEachLineWith(text, /PyTorch build (?:CUDA|cuDNN) version: /gi, (line) => {
    const cuda = /PyTorch build CUDA version: (\d{1,2}\.\d{1,2})/.exec(line)?.[1];
    const cudnn = /PyTorch build cuDNN version: (\d{4,6})/.exec(line)?.[1];
    const framework = (facts.framework ??= { name: 'pytorch' });
    if (cuda) framework.cuda = cuda;
    if (cudnn) {
      framework.cudnn = cudnnVersionFromNumber(Number(cudnn)) ?? cudnn;
      facts.cudnnVersion ??= framework.cudnn;
    }
  });
  if (!facts.framework) {
    const framework = detectFramework(text);
    if (framework) facts.framework = framework;
  }
}
