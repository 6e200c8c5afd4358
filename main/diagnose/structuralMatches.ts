import type { DiagnoseFacts, DiagnoseKind } from '../../shared/types/diagnose.js';
import { explainCudaVersions } from '../detect/explainCudaVersions.js';
import { parseWindowsVideoControllers } from '../detect/parsers/parseWindowsVideoControllers.js';
import { contextFamilies } from './contextFamilies.js';
import { cudaNumbersCompared, cudaNumbersInProse } from './cudaNumbersInProse.js';
import { evidenceAt, evidenceLine, type Evidence } from './evidenceLine.js';
import { keyValues } from './frameworkReportFacts.js';
import { missingProgram } from './missingProgram.js';

export interface StructuralMatch {
  code: string;
  evidence?: Evidence;
  values: Record<string, string>;
  /** Families this reading of the whole text replaces, whatever their own `supersedes` say. */
  outranks?: string[];
}

const FRAME = /^\s{0,8}File "([^"\n]{1,400})", line (\d{1,7}), in (\S{1,100})/;
const EXCEPTION = /^[A-Za-z_][\w.]{0,100}(?:Error|Exception|Exit|Interrupt|Warning)\b|^[A-Za-z_][\w.]{0,100}: /;

/** A traceback whose last frame is not followed by the exception line: the paste was cut short. */
function incompleteTraceback(lines: readonly string[]): StructuralMatch | null {
  let lastFrame = -1;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    if (FRAME.test(lines[index] as string)) {
      lastFrame = index;
      break;
    }
  }
  if (lastFrame === -1) return null;
  // After the last frame comes its source line (indented), then the exception; anything unindented counts as the end,
  // and so does an exception indented no deeper than the frame (a traceback pasted indented, as a whole).
  const frameIndent = (lines[lastFrame] as string).length - (lines[lastFrame] as string).trimStart().length;
  for (const line of lines.slice(lastFrame + 1)) {
    if (line.trim() === '') continue;
    const indent = line.length - line.trimStart().length;
    if (EXCEPTION.test(line) || !/^\s/.test(line) || (indent <= frameIndent && EXCEPTION.test(line.trimStart()))) return null;
  }
  const frame = FRAME.exec(lines[lastFrame] as string) as RegExpExecArray;
  const file = (frame[1] as string).replace(/^.{0,400}site-packages[\\/]/, '');
  const values: Record<string, string> = { lastFrame: `${file}, line ${frame[2]}, in ${frame[3]}` };
  if (/torch[\\/]cuda[\\/]__init__\.py$/.test(file) && frame[3] === '_lazy_init') values.torchCudaInit = 'yes';
  return { code: 'INCOMPLETE_TRACEBACK', evidence: evidenceAt(lines, lastFrame), values };
}

/** A traceback flattened onto one line (an issue title, a chat paste) that stops after a frame, before its exception. */
function flattenedTraceback(lines: readonly string[]): StructuralMatch | null {
  const index = lines.findIndex((line) => /Traceback \(most recent call last\):\s{0,4}File "/.test(line));
  if (index === -1) return null;
  const line = lines[index] as string;
  const frames = [...line.matchAll(/File "([^"\n]{1,400})", line (\d{1,7}), in (\S{1,100})/g)];
  const last = frames.at(-1)!;
  const after = line.slice((last.index ?? 0) + last[0].length);
  if (/\b[A-Z]\w{0,60}(?:Error|Exception|Exit|Interrupt)\b/.test(after)) return null;
  const file = (last[1] as string).replace(/^.{0,400}site-packages[\\/]/, '');
  return { code: 'INCOMPLETE_TRACEBACK', evidence: evidenceAt(lines, index), values: { lastFrame: `${file}, line ${last[2]}, in ${last[3]}` } };
}

function adapterRamCapped(text: string): StructuralMatch | null {
  const capped = parseWindowsVideoControllers(text).find((controller) => controller.adapterRamCapped);
  if (!capped?.adapterRamBytes) return null;
  return { code: 'WINDOWS_ADAPTER_RAM_CAPPED', values: { adapterRam: String(capped.adapterRamBytes) } };
}

const FOUR_GB_SHOWN = /\b(?:4096|4095) ?MB\b|\b(?:reported|reports?|reporting|shows?|showing|shown|detected|listed) as 4(?:\.0)? ?GB\b|\b(?:shows?|showing|reports?|says?) (?:that )?(?:the )?(?:GPU|card) has 4(?:\.0)? ?GB\b|\b(?:wrong|incorrect|bad) v?ram\b[^\n]{0,40}\b(?:above|over|more than|bigger than) 4 ?GB\b/i;
const MEMORY_WORDS = /\bv?ram\b|adapterram|video memory|gpu memory|graphics memory|dedicated memory|显存/i;
const LARGER_CARD = /\b(?:[5-9]|[1-9]\d) ?GB\b/i;

/** A tool that reads Windows' AdapterRAM shows 4096 MB (or 4 GB) for a GPU the text says has more: the 32-bit cap, told in words. */
function adapterRamInWords(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!MEMORY_WORDS.test(text) || !LARGER_CARD.test(text)) return null;
  // 4096 MB asked for or in use is an allocation, not the card's size.
  const evidence = evidenceLine(lines, FOUR_GB_SHOWN);
  if (evidence && /alloc|out of memory|\boom\b|tried|request|\bfree\b|\bused\b|buffer|limit/i.test(evidence.text)) return null;
  return evidence ? { code: 'WINDOWS_ADAPTER_RAM_CAPPED', evidence, values: {} } : null;
}

/**
 * collect_env of a PyTorch built without CUDA: "CUDA used to build PyTorch: None" (or "Could not collect", which newer
 * collect_env prints for None), no ROCm, not macOS (where CPU/MPS builds are the only ones). "+cpu" in the version says it outright.
 */
function cpuOnlyTorchReport(text: string, lines: readonly string[]): StructuralMatch | null {
  const values = keyValues(text);
  const torch = values.get('PyTorch version');
  const cuda = values.get('CUDA used to build PyTorch');
  if (!torch || cuda === undefined) return null;
  const rocm = values.get('ROCM used to build PyTorch');
  const os = `${values.get('OS') ?? ''} ${values.get('Python platform') ?? ''}`;
  const plusCpu = /\+cpu\b/.test(torch);
  const noCuda = /^(?:None|Could not collect|N\/A)?$/.test(cuda);
  const noRocm = !rocm || /^(?:N\/A|None|Could not collect)$/.test(rocm);
  if (!plusCpu && !(noCuda && noRocm && !/macOS|Darwin/i.test(os))) return null;
  const evidence = evidenceLine(lines, plusCpu ? /^PyTorch version: / : /^CUDA used to build PyTorch: /);
  return { code: 'CPU_ONLY_BUILD', ...(evidence ? { evidence } : {}), values: {} };
}

/** nvidia-smi's header and `nvcc --version` pasted together: two CUDA numbers that mean different things. */
function twoCudaNumbers(lines: readonly string[], facts: DiagnoseFacts, locale: 'en' | 'zh-CN'): StructuralMatch | null {
  if (!facts.cudaVersion || !facts.toolkitVersion) return null;
  const values: Record<string, string> = { driverCuda: facts.cudaVersion, toolkitVersion: facts.toolkitVersion, ...(facts.driverVersion ? { driverVersion: facts.driverVersion } : {}) };
  const toolkitMajor = Number(facts.toolkitVersion.split('.')[0]);
  const driverMajor = Number(facts.cudaVersion.split('.')[0]);
  if (toolkitMajor > driverMajor) values.toolkitTooNew = 'yes';
  else values.toolkitFits = 'yes';
  const summary = cudaVersionsSentence(facts, locale);
  if (summary) values.cudaSummary = summary;
  const evidence = evidenceLine(lines, /Cuda compilation tools, release \d/) ?? evidenceLine(lines, /\brelease \d{1,2}\.\d/);
  return { code: 'CUDA_VERSIONS_EXPLAINED', ...(evidence ? { evidence } : {}), values };
}

/** The sentence detection prints for the same two numbers, in the caller's language. */
export function cudaVersionsSentence(facts: DiagnoseFacts, locale: 'en' | 'zh-CN'): string | null {
  if (!facts.cudaVersion || !facts.toolkitVersion || !facts.driverVersion) return null;
  const driver = { version: facts.driverVersion, cudaVersion: facts.cudaVersion, source: 'pasted text' };
  const toolkit = { version: facts.toolkitVersion, path: 'nvcc', active: true, source: 'pasted text' };
  return explainCudaVersions(driver, [toolkit], true, locale).summary.message;
}

/** nvidia-smi's table with GPUs in exclusive-process mode, pasted about an error: another process may hold them. */
function exclusiveModeTable(text: string, lines: readonly string[]): StructuralMatch | null {
  const evidence = evidenceLine(lines, /\|\s{0,40}\d{1,3}%\s{1,8}E\. (?:Process|Thread)\s{0,4}\|/);
  return evidence && /\b(?:error|busy|unavailable|cannot|can't|fail)/i.test(text) ? { code: 'GPU_BUSY_EXCLUSIVE', evidence, values: {} } : null;
}

/** nvidia-smi's table pasted with the user's own words about "the CUDA version": the driver's number, not an install. */
function cudaVersionAskedOfTable(lines: readonly string[], facts: DiagnoseFacts): StructuralMatch | null {
  if (!facts.cudaVersion) return null;
  // The table's own header, pasted without its border, is not a question.
  const evidence = evidenceLine(lines, (line) => !line.trimStart().startsWith('|') && !/NVIDIA-SMI \d/.test(line) && /\bcuda ?version/i.test(line));
  return evidence ? { code: 'CUDA_VERSIONS_EXPLAINED', evidence, values: { driverCuda: facts.cudaVersion } } : null;
}

/** The question asked about the two numbers, whatever numbers the text shows (one may be in a screenshot). */
function cudaNumbersAsked(lines: readonly string[], facts: DiagnoseFacts): StructuralMatch | null {
  const evidence = cudaNumbersCompared(lines);
  if (!evidence) return null;
  return { code: 'CUDA_VERSIONS_EXPLAINED', evidence, values: { ...(facts.cudaVersion ? { driverCuda: facts.cudaVersion } : {}), ...(facts.toolkitVersion ? { toolkitVersion: facts.toolkitVersion } : {}) } };
}

/** XLA's own ptxas made a cubin the driver cannot load: "no kernel image" from its cuLinkAddData is a driver older than ptxas. */
function xlaCubinTooNew(text: string, lines: readonly string[]): StructuralMatch | null {
  if (!/cuda_asm_compiler\.cc/.test(text)) return null;
  const evidence = evidenceLine(lines, /no kernel image is available for execution on the device/i);
  return evidence ? { code: 'XLA_DRIVER_OLDER_THAN_PTXAS', evidence, values: {}, outranks: ['NO_KERNEL_IMAGE'] } : null;
}

/** Above this a text is a log to scan for its messages, not a paste to read whole (each reading below is linear in it). */
const MAX_SHAPE_TEXT = 1_000_000;

/** Diagnoses that follow from the shape of the text rather than from a message in it. */
export function structuralMatches(text: string, kind: DiagnoseKind, facts: DiagnoseFacts = {}, locale: 'en' | 'zh-CN' = 'en'): StructuralMatch[] {
  const toolOutput = kind === 'nvidia-smi-table' || kind === 'nvcc';
  const present = (matches: (StructuralMatch | null)[]) => matches.filter((match): match is StructuralMatch => match !== null);
  // A longer text keeps only what its tool's parsers read (the two CUDA numbers, Windows' controllers).
  if (text.length > MAX_SHAPE_TEXT) return present([toolOutput ? twoCudaNumbers([], facts, locale) : null, kind === 'windows-cim' ? adapterRamCapped(text) : null]);
  const lines = text.split('\n');
  // The same two numbers told in words ("nvidia-smi shows CUDA 11.2, nvcc says release 11.1"), or a table with the
  // toolkit the user says they installed beside it.
  const prose = toolOutput && facts.toolkitVersion && facts.cudaVersion ? null : cudaNumbersInProse(text);
  return present([
    kind === 'collect-env' ? cpuOnlyTorchReport(text, lines) : null,
    prose ? twoCudaNumbers(lines, { ...facts, ...prose }, locale) : toolOutput ? twoCudaNumbers(lines, facts, locale) : null,
    kind === 'nvidia-smi-table' && !facts.toolkitVersion ? cudaVersionAskedOfTable(lines, facts) : null,
    // A table's rows alone (no header) still show the compute mode.
    exclusiveModeTable(text, lines),
    xlaCubinTooNew(text, lines),
    cudaNumbersAsked(lines, facts),
    kind === 'python-traceback' || kind === 'log' ? incompleteTraceback(lines) : null,
    flattenedTraceback(lines),
    (kind === 'windows-cim' ? adapterRamCapped(text) : null) ?? adapterRamInWords(text, lines),
    ...contextFamilies(text, facts, lines),
    missingProgram(text, lines),
  ]);
}
