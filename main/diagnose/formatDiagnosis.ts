import en from '../../locales/en/wizard.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN/wizard.json' with { type: 'json' };
import { quotedWords } from '../../shared/text/quotedWords.js';
import { terminalStyle, type TerminalStyle } from '../../shared/text/terminalStyle.js';
import type { DiagnoseFacts, DiagnoseKind, DiagnoseLocale, DiagnoseResult, Diagnosis } from '../../shared/types/diagnose.js';

/** What each recognised kind is, in words: the same names the Troubleshoot screen shows ("log" alone explains nothing). */
function kindName(kind: DiagnoseKind, locale: DiagnoseLocale): string {
  const catalog: Record<string, string> = locale === 'zh-CN' ? zhCN : en;
  return catalog[`diagnose.kinds.${kind}`] ?? kind;
}

const LABELS: Record<DiagnoseLocale, Record<string, string>> = {
  en: {
    kind: 'Recognised',
    facts: 'Facts',
    driver: 'driver',
    driverCuda: 'driver supports CUDA',
    toolkit: 'CUDA Toolkit (nvcc)',
    cudnn: 'cuDNN',
    nvml: 'NVML library',
    framework: 'framework',
    none: 'No known problem found in this text.',
    read: 'Read from the text',
    closest: 'Closest known problems (their full message is not in the text)',
    holds: 'the text has',
    line: 'line {n}',
    machine: 'On this machine',
    fixes: 'What to do',
    plan: 'Suggested plan',
    references: 'More',
    cc: 'compute capability',
    fromWords: 'Read from your words alone (no error message in the text matched): check that this describes your problem.',
    resembles: 'No known error message matched; the text reads most like reports of this problem (shared words: {words}). Check that this describes yours.',
  },
  'zh-CN': {
    kind: '识别为',
    facts: '信息',
    driver: '驱动',
    driverCuda: '驱动支持的 CUDA',
    toolkit: 'CUDA 工具包（nvcc）',
    cudnn: 'cuDNN',
    nvml: 'NVML 库',
    framework: '框架',
    none: '这段文字里没有发现已知问题。',
    read: '从文字中读到',
    closest: '最接近的已知问题（文字里没有它们的完整信息）',
    holds: '文字里有',
    line: '第 {n} 行',
    machine: '本机情况',
    fixes: '怎么做',
    plan: '建议的计划',
    references: '参考',
    cc: '计算能力',
    fromWords: '这只是根据你的描述判断的（文字里没有匹配到任何错误信息）：请确认它说的是你的问题。',
    resembles: '没有匹配到已知的错误信息；这段文字最像这一问题的报告（共同的词：{words}）。请确认它说的是你的问题。',
  },
};

function wrap(text: string, width: number, indent: string, hanging = indent): string {
  // CJK text has no spaces to break at: keep it as one paragraph line.
  if (!text.includes(' ') || /[\u3000-\u9fff]/.test(text)) return `${indent}${text}`;
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    if (current && current.length + word.length + 1 > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  if (current) lines.push(current);
  return lines.map((line, index) => `${index === 0 ? indent : hanging}${line}`).join('\n');
}

function factsLine(facts: DiagnoseFacts, labels: Record<string, string>): string[] {
  const parts: string[] = [];
  if (facts.driverVersion) parts.push(`${labels.driver} ${facts.driverVersion}`);
  if (facts.cudaVersion) parts.push(`${labels.driverCuda} ${facts.cudaVersion}`);
  if (facts.toolkitVersion) parts.push(`${labels.toolkit} ${facts.toolkitVersion}`);
  if (facts.cudnnVersion) parts.push(`${labels.cudnn} ${facts.cudnnVersion}`);
  if (facts.nvmlVersion) parts.push(`${labels.nvml} ${facts.nvmlVersion}`);
  if (facts.framework) parts.push(`${labels.framework} ${facts.framework.name}${facts.framework.version ? ` ${facts.framework.version}` : ''}${facts.framework.cuda ? ` (CUDA ${facts.framework.cuda})` : ''}`);
  const lines = parts.length > 0 ? [parts.join(' · ')] : [];
  for (const [index, gpu] of (facts.gpus ?? []).entries()) {
    const extra = [gpu.computeCapability ? `${labels.cc} ${gpu.computeCapability}` : '', gpu.memoryMiB ? `${gpu.memoryMiB} MiB` : '', gpu.pciId ?? ''].filter(Boolean);
    lines.push(`GPU ${index}: ${gpu.name}${extra.length > 0 ? ` (${extra.join(', ')})` : ''}`);
  }
  return lines;
}

function formatOne(diagnosis: Diagnosis, labels: Record<string, string>, paint: (style: keyof TerminalStyle, text: string) => string, locale: DiagnoseLocale): string {
  const mark = diagnosis.severity === 'info' ? paint('cyan', 'i') : diagnosis.severity === 'warning' ? paint('yellow', '!') : paint('red', '✖');
  const out = [`${mark} ${paint('bold', diagnosis.title)} ${paint('dim', `[${diagnosis.code}]`)}`];
  if (diagnosis.fromWords) out.push(wrap(labels.fromWords as string, 96, '  '));
  if (diagnosis.resembles) out.push(wrap((labels.resembles as string).replace('{words}', quotedWords(diagnosis.resembles, locale)), 96, '  '));
  if (diagnosis.evidence) out.push(paint('dim', `  ${(labels.line as string).replace('{n}', String(diagnosis.evidence.line))}: ${diagnosis.evidence.text}`));
  out.push(wrap(diagnosis.explanation, 96, '  '));
  if (diagnosis.onThisMachine) out.push(wrap(`${labels.machine}: ${diagnosis.onThisMachine}`, 96, '  '));
  const steps = diagnosis.fixSteps ?? diagnosis.fixes.map((text) => ({ text, command: undefined }));
  if (steps.length > 0) {
    out.push(`  ${paint('bold', `${labels.fixes}:`)}`);
    steps.forEach((step, index) => {
      out.push(wrap(`${index + 1}. ${step.text}`, 94, '    ', '       '));
      if (step.command) out.push(`       ${paint('cyan', `$ ${step.command}`)}`);
    });
  }
  if (diagnosis.suggestedPlan) {
    const plan = diagnosis.suggestedPlan;
    out.push(`  ${labels.plan}: ${paint('cyan', `dlsetup plan --framework ${plan.framework}${plan.frameworkVersion ? ` --framework-version ${plan.frameworkVersion}` : ''}`)}`);
  }
  if (diagnosis.references && diagnosis.references.length > 0) out.push(paint('dim', `  ${labels.references}: ${diagnosis.references.join('  ')}`));
  return out.join('\n');
}

/** The `dlsetup diagnose` text output: what the text is, its facts, then each diagnosis with its fixes. */
export function formatDiagnosis(result: DiagnoseResult, options: { color?: boolean } = {}): string {
  const labels = LABELS[result.locale ?? 'en'];
  // The product's own closed set of colours: the terminal-safe printer lets only those through.
  const style = terminalStyle(options.color);
  const paint = (name: keyof TerminalStyle, text: string) => style[name](text);
  const out = [`${labels.kind}: ${kindName(result.kind, result.locale ?? 'en')}`];
  const facts = factsLine(result.facts, labels);
  if (facts.length > 0) out.push(`${labels.facts}: ${facts[0]}`, ...facts.slice(1).map((line) => `  ${line}`));
  out.push('');
  if (result.diagnoses.length === 0) {
    out.push(labels.none as string);
    const unmatched = result.unmatched;
    if (unmatched && unmatched.extracted.length > 0) out.push(`${labels.read}: ${unmatched.extracted.join(' · ')}`);
    if (unmatched && unmatched.closest.length > 0) {
      out.push(`${labels.closest}:`, ...unmatched.closest.map((near) => `  - ${near.title} [${near.code}]: ${labels.holds} ${near.found.map((word) => `“${word}”`).join(', ')}`));
    }
  }
  else out.push(result.diagnoses.map((diagnosis) => formatOne(diagnosis, labels, paint, result.locale ?? 'en')).join('\n\n'));
  return `${out.join('\n')}\n`;
}
