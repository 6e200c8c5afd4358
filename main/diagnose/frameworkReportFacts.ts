import type { DiagnoseFacts, DiagnosedFramework } from '../../shared/types/diagnose.js';
import { versionFromSoname } from '../detect/parsers/parseLdconfig.js';
import { DRIVER, vendorOf } from './gpuVendorOf.js';

// Facts from the reports frameworks print about themselves: torch's collect_env and build config, TF's build info.
export function keyValues(text: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const line of text.split('\n')) {
    const pair = /^([A-Za-z][\w ()./-]{1,60}?):\s{0,8}(.{0,300})$/.exec(line);
    if (pair && !values.has(pair[1] as string)) values.set(pair[1] as string, (pair[2] as string).trim());
  }
  return values;
}

const known = (value: string | undefined) => (value && !/^(?:N\/A|Could not collect|None|No)$/i.test(value) ? value : undefined);

export function collectEnvFacts(facts: DiagnoseFacts, text: string): void {
  const values = keyValues(text);
  const driver = known(values.get('Nvidia driver version'));
  if (driver && DRIVER.test(driver)) facts.driverVersion = driver;
  const runtime = known(values.get('CUDA runtime version'));
  if (runtime && /^\d{1,2}\.\d{1,2}(?:\.\d{1,4})?$/.test(runtime)) facts.toolkitVersion = runtime;
  const cudnnSoname = /libcudnn\.so\.(\d{1,2}\.\d{1,2}\.\d{1,3})\b/.exec(text)?.[0];
  const cudnnValue = known(values.get('cuDNN version'));
  if (cudnnSoname) facts.cudnnVersion = versionFromSoname(cudnnSoname) ?? undefined;
  else if (cudnnValue && /^\d{1,2}\.\d{1,2}\.\d{1,3}$/.test(cudnnValue)) facts.cudnnVersion = cudnnValue;
  if (!facts.cudnnVersion) delete facts.cudnnVersion;
  const rocm = known(values.get('ROCM used to build PyTorch'));
  const gpuText = known(values.get('GPU models and configuration'));
  // Several GPUs (or nvidia-smi -L's answer) come on the lines after an empty "GPU models and configuration:".
  const names = [...text.matchAll(/^(?:GPU models and configuration: )?GPU \d{1,2}: (.{1,120})$/gm)].map((match) => (match[1] as string).trim());
  if (gpuText || names.length > 0) {
    const list = names.length > 0 ? names : [gpuText as string];
    facts.gpus = list.map((name) => ({ vendor: rocm && !/NVIDIA|GeForce|Tesla|Quadro/i.test(name) ? 'amd' : vendorOf(undefined, name), name }));
    for (const gpu of facts.gpus) if (gpu.vendor === 'unknown' && !rocm) gpu.vendor = 'nvidia';
  }
  const torch = known(values.get('PyTorch version'));
  if (torch) {
    const framework: DiagnosedFramework = { name: 'pytorch', version: torch.replace(/\s*\(.*\)$/, '') };
    const cuda = known(values.get('CUDA used to build PyTorch'));
    if (cuda) framework.cuda = cuda;
    if (rocm) framework.rocm = rocm;
    facts.framework = framework;
  } else {
    const tf = known(values.get('TensorFlow version'));
    if (tf) facts.framework = { name: 'tensorflow', version: tf };
  }
}

function archList(text: string): string[] {
  return [...new Set([...text.matchAll(/\b((?:sm|compute)_\d{2,3}[a-z]?)\b/g)].map((match) => match[1] as string))];
}

export function torchConfigFacts(facts: DiagnoseFacts, text: string): void {
  const framework: DiagnosedFramework = { name: 'pytorch' };
  const cuda = /^\s{0,4}- CUDA Runtime (\d{1,2}\.\d{1,2})/m.exec(text)?.[1];
  if (cuda) framework.cuda = cuda;
  const cudnn = /^\s{0,4}- CuDNN (\d{1,2}\.\d{1,2}(?:\.\d{1,3})?)/m.exec(text)?.[1];
  if (cudnn) {
    framework.cudnn = cudnn;
    facts.cudnnVersion = cudnn;
  }
  const flags = /NVCC architecture flags: (.{1,4000})$/m.exec(text)?.[1];
  if (flags) framework.archList = archList(flags).filter((arch) => arch.startsWith('sm_'));
  facts.framework = framework;
}

export function tensorflowBuildFacts(facts: DiagnoseFacts, text: string): void {
  const framework: DiagnosedFramework = { name: 'tensorflow' };
  const cuda = /['"]cuda_version['"],\s{0,20}['"](\d{1,2}\.\d{1,2})['"]/.exec(text)?.[1];
  if (cuda) framework.cuda = cuda;
  const cudnn = /['"]cudnn_version['"],\s{0,20}['"](\d{1,2}(?:\.\d{1,2}){0,2})['"]/.exec(text)?.[1];
  if (cudnn) framework.cudnn = cudnn;
  const start = text.indexOf('cuda_compute_capabilities');
  if (start !== -1) {
    const end = text.indexOf(']', start);
    framework.archList = archList(text.slice(start, end === -1 ? undefined : end));
  }
  facts.framework = framework;
}
