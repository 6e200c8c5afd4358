/**
 * Issue 30: "an internal id never reaches a sentence". Scans what a Chinese reader sees (a CLI output, a wizard screen's
 * text) for what should not be there: internal ids (step kinds, download components, cuDNN sources), error and finding
 * codes outside their [CODE] bracket, catalog keys, and English words of the product's own sentences. Names stay as
 * they are (products, commands, paths, flags, versions, packages, GPU names): they are allowed, by list or by shape.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Every key of every English catalog that a sentence could leak (those with a dot: "plan.reason.x"). */
function catalogKeys(): Set<string> {
  const dir = path.join(ROOT, 'locales', 'en');
  const keys = new Set<string>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    for (const key of Object.keys(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Record<string, string>)) if (key.includes('.')) keys.add(key);
  }
  return keys;
}

const CATALOG_KEYS = catalogKeys();

/** Ids of the engine that are no word: step kinds, download components, cuDNN sources, install methods' internal names. */
export const INTERNAL_IDS = new Set([
  'cuda-repo',
  'cuda-toolkit',
  'env-vars',
  'system-python',
  'python-env',
  'pytorch-cuda-wheels',
  'pytorch-rocm-wheels',
  'pytorch-cpu-wheel',
  'tensorflow-cuda-wheels',
  'tensorflow-rocm-wheels',
  'tensorflow-cpu-wheel',
  'jax-cuda-wheels',
  'jax-rocm-wheels',
  'jax-cpu-wheels',
  'toolkit-cudnn',
  'toolkit lib',
]);

/** Environment variables and file fields people type: upper-case names that are no code. */
const UPPER_NAMES = new Set([
  'CUDA_HOME',
  'CUDA_PATH',
  'CUDA_VISIBLE_DEVICES',
  'CUDA_MODULE_LOADING',
  'LD_LIBRARY_PATH',
  'CONDA_EXE',
  'CONDA_PREFIX',
  'HSA_OVERRIDE_GFX_VERSION',
  'HIP_VISIBLE_DEVICES',
  'ROCR_VISIBLE_DEVICES',
  'PIP_INDEX_URL',
  'PIP_EXTRA_INDEX_URL',
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'LC_ALL',
  'LC_MESSAGES',
  'DLSETUP_HOME',
  'DLSETUP_SYSROOT',
  'PYTORCH_CUDA_ALLOC_CONF',
  'XLA_PYTHON_CLIENT_PREALLOCATE',
  'TF_CPP_MIN_LOG_LEVEL',
  'VERSION_ID',
  'PATH',
]);

/** Phrases a sentence quotes as a tool prints them (a field of `nvidia-smi -q`, the firmware's setting). */
const PHRASES = ['Product Name', 'Secure Boot'];

/**
 * Names a Chinese sentence keeps in Latin letters: products, vendors, tools, commands, units, architectures, formats.
 * Lower case; a word is allowed when its lower case is here.
 */
const NAMES = new Set(
  `nvidia cuda cudnn toolkit pytorch tensorflow jax jaxlib torch torchvision torchaudio python pip conda venv virtualenv
  miniforge miniconda anaconda mamba micromamba pyenv dlsetup setup gpu gpus cpu ram vram rocm hip amd amdgpu intel apple
  geforce rtx gtx titan tesla quadro radeon instinct ubuntu debian linux windows wsl macos apt dpkg nvcc ldconfig sudo
  mok mokutil nouveau wheels wheel mig vgpu gib mib kib gb mb kb tb ms lts eol pypi tuna ustc aliyun mps metal
  xla nccl cublas cudart ptx ampere hopper ada lovelace turing volta pascal maxwell kepler blackwell rdna cdna pci lspci
  sysfs json html bash zsh bashrc zshrc dkms initramfs grub uefi bios max smi rocminfo amdsmi forge universe non free
  contrib main restricted multiverse sjtug jammy noble focal bookworm bullseye trixie xp ti super laptop mobile ada gddr hbm
  epyc xeon ryzen core processor threadripper cores mhz ghz ipc ide url https http www org com ldd libcuda libcudart
  libcudnn proc google keras numpy shell ssh ansible playbook docker dockerfile traceback paddlepaddle paddle paddleocr
  paddlenlp baidu`
    .split(/\s+/)
    .filter(Boolean),
);

/** Words of command lines inside a sentence ("请运行：source ~/.bashrc"): from the command to where Chinese resumes. */
const COMMAND = /(?:^|(?<=[^\w-]))(?:dlsetup|pip|pip3|python(?:\d[\d.]*)?|sudo|source|apt-get|apt|conda|nvidia-smi|nvcc|ldconfig|update-initramfs|mokutil|export|modprobe|dpkg|rocminfo|amd-smi|rocm-smi|lspci|uname)(?= |$)[ -~]*/gm;

/** File extensions, domains and Python modules: dotted names that are no catalog key. */
const NOT_KEYS = /\.(h|py|json|txt|org|com|io|cn|net|edu|so|deb|rpm|sh|conf|xml|html|md|whl|gz|xz|zip|exe|toml|cfg|yml|yaml|ini|log|jsonl|d)$|^(torch|tf|jax|np|cudnn|os|sys|pip)\./;

/** A key i18next gave back because its sentence is missing: dotted camelCase words ("plan.reason.keepDriver"). */
function looksLikeKey(token: string): boolean {
  return /^[a-z][A-Za-z0-9-]*(\.[a-z][A-Za-z0-9-]*)+$/.test(token) && !NOT_KEYS.test(token);
}

export interface Leftover {
  kind: 'internal id' | 'code outside its bracket' | 'catalog key' | 'English word';
  text: string;
  line: string;
}

/**
 * What a Chinese reader should not see in `text`. `names` are words this output may carry as data (a GPU or CPU name,
 * a distribution, a path's folders, what a pasted log says), each allowed wherever it appears.
 */
export function zhLeftovers(text: string, names: Iterable<string> = []): Leftover[] {
  const allowed = new Set([...NAMES, ...[...names].flatMap((name) => name.toLowerCase().split(/[^a-z0-9]+/))]);
  const found: Leftover[] = [];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    const add = (kind: Leftover['kind'], word: string) => {
      if (!found.some((item) => item.kind === kind && item.text === word)) found.push({ kind, text: word, line });
    };
    for (const id of INTERNAL_IDS) {
      if (new RegExp(`(?<![\\w./-])${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w/-])`).test(line)) add('internal id', id);
    }
    // A command line of the dry run, after its "$ ", is a command; so is a command inside a sentence.
    const prose = line.replace(/(^|\s)\$ .*$/, '$1').replace(COMMAND, ' ');
    const unbracketed = PHRASES.reduce((rest, phrase) => rest.split(phrase).join(' '), prose.replace(/\[[A-Z][A-Z0-9_]*\]/g, ' '));
    const tokens = unbracketed
      .replace(/[^\x21-\x7e]+/g, ' ')
      .split(/[\s()[\]{}"'`,;!?|*]+/)
      .map((token) => token.replace(/^[:.]+|[:.]+$/g, ''))
      .filter(Boolean);
    for (const token of tokens) {
      if (CATALOG_KEYS.has(token) || looksLikeKey(token)) {
        add('catalog key', token);
        continue;
      }
      if (UPPER_NAMES.has(token)) continue;
      if (/^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(token)) {
        add('code outside its bracket', token);
        continue;
      }
      // CUDA's and HIP's API names (cudaErrorUnsupportedPtxVersion), as their documentation spells them.
      if (/^(cuda|cu|hip)[A-Z]\w+$/.test(token)) continue;
      // Paths, URLs, flags, versions, files, packages (nvidia-driver-550, python3.11-venv), key=value: names by shape.
      if (/[/\\=@~#$%&+\d_]/.test(token) || token.startsWith('-') || token.includes('.') || token.includes('-')) continue;
      if (token.length < 3 || !/^[A-Za-z]+$/.test(token)) continue;
      if (!allowed.has(token.toLowerCase())) add('English word', token);
    }
  }
  return found;
}
