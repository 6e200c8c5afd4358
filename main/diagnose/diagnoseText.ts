import type { DiagnoseFacts, DiagnoseKind, DiagnoseLocale, DiagnoseResult, Diagnosis, DiagnosisFix } from '../../shared/types/diagnose.js';
import type { HardwareReport } from '../../shared/types/hardware.js';
import type { Framework, PlanRequest } from '../../shared/types/plan.js';
import { loadDataTable } from '../data/loadDataTable.js';
import { tensorflowTableSchema } from '../../shared/data/tensorflowSchema.js';
import { withArchitectureDirection } from './architectureDirection.js';
import { detailValues, PLANNABLE } from './detailValues.js';
import { computeCapQueryValues } from './driverCommandValues.js';
import { extractFacts } from './extractFacts.js';
import { loadKnowledgeBase, ruledOut, type CompiledKnowledgeBase, type KnowledgeEntry } from './knowledgeBase.js';
import type { HostFacts } from './hostFacts.js';
import { hostValues, installedFrameworkVersion, libraryValues, machineValues } from './machineValues.js';
import { matchKnowledgeBase, type MatchStats } from './matchKnowledgeBase.js';
import { unmatchedSummary } from './nearMisses.js';
import { normalizeText } from './normalizeText.js';
import { recognizeNormalizedKind } from './recognizeKind.js';
import { renderTemplate } from './renderTemplate.js';
import { structuralMatches } from './structuralMatches.js';
import { systemMessagesInEnglish } from './systemMessagesInEnglish.js';
import { MAX_WORDS_TEXT, wordsOnlyFamilies } from './wordsOnlyFamilies.js';
import { closestReports } from './closestReports.js';
import { evidenceAt, type Evidence } from './evidenceLine.js';
import { otherMachineLabel, textFromAnotherMachine } from './textMachine.js';
import { textFromNvidiaMachine, VENDOR_FLAGS, vendorValues } from './vendorValues.js';

export interface DiagnoseOptions {
  locale?: DiagnoseLocale;
  /** The machine the diagnosis runs on (detect); its facts make the advice specific. */
  machine?: HardwareReport;
  /** Files of that machine a fix may name (diagnoseOnMachine reads them); without them the report alone decides. */
  host?: HostFacts;
  /** Another knowledge base than data/errors.json (tests). */
  knowledgeBase?: CompiledKnowledgeBase;
  /** The CUDA and cuDNN a framework release was built with; defaults to data/tensorflow.json. */
  frameworkBuild?: (framework: string, version: string) => { cuda?: string; cudnn?: string } | null;
  stats?: MatchStats;
}

interface TensorflowTable {
  releases?: { version: string; cuda?: string; cudnn?: string }[];
}

const ERROR_KINDS: ReadonlySet<DiagnoseKind> = new Set(['log', 'python-traceback', 'installer-log', 'dmesg']);
// A JSON or XML document (a version.json naming "fabricmanager") holds names, not sentences.
const STRUCTURED_DATA = /^\s{0,20}(?:[{<]|\[\s{0,20}[{"\d])/;

/** A line that reports a failure, as opposed to one that states a version or a setting. */
const ERROR_LINE = /\b(?:error|errors|exception|fatal|fail(?:ed|s|ure)?|traceback|refused|cannot|can't|could ?n[o']t|unable|not found|no such|denied|abort(?:ed)?|panic|invalid|insufficient|unsupported|not supported|mismatch|out of memory|warn(?:ing)?)\b|^[EFW]\d{4} |\[(?:E|ERROR|W)\]/i;

/** A CUDA library that only TensorRT's plugin failed to open (TF's optional TensorRT) is TensorRT's note, not a missing CUDA. */
function withoutTensorrtLibraries<T extends { entry: KnowledgeEntry; evidence?: { text: string } }>(raised: T[]): T[] {
  if (!raised.some((item) => item.entry.code === 'TENSORRT_OPTIONAL_MISSING')) return raised;
  return raised.filter((item) => !(item.entry.code === 'CUDA_LIB_MISSING' && /libnvinfer/i.test(item.evidence?.text ?? '')));
}

/** TensorFlow's tested build configuration for a version ("2.10" or "2.10.1" → the 2.10 row). */
export function tensorflowBuild(framework: string, version: string): { cuda?: string; cudnn?: string } | null {
  if (framework !== 'tensorflow') return null;
  let table: TensorflowTable;
  try {
    table = loadDataTable('tensorflow', tensorflowTableSchema);
  } catch {
    return null;
  }
  const series = /^(\d+\.\d+)/.exec(version)?.[1];
  const row = (table.releases ?? []).find((release) => /^(\d+\.\d+)/.exec(release.version)?.[1] === series);
  return row ? { ...(row.cuda ? { cuda: row.cuda } : {}), ...(row.cudnn ? { cudnn: row.cudnn } : {}) } : null;
}

function localized(text: Record<DiagnoseLocale, string>, locale: DiagnoseLocale): string {
  return text[locale] ?? text.en;
}

function buildDiagnosis(
  entry: KnowledgeEntry,
  values: Record<string, string>,
  locale: DiagnoseLocale,
  evidence: { line: number; text: string } | undefined,
  machine: Record<string, string> | null,
  fixOnly: Record<string, string>,
): Diagnosis {
  const render = (text: Record<DiagnoseLocale, string>) => renderTemplate(localized(text, locale), values) ?? renderTemplate(text.en, values) ?? '';
  // Fixes may name this machine's paths and packages (fixOnly); a fix whose text needs a value nobody knows is left out.
  const fixValues = { ...fixOnly, ...values };
  const fixSteps: DiagnosisFix[] = [];
  for (const fix of entry.fixes) {
    const text = renderTemplate(localized(fix, locale), fixValues) ?? renderTemplate(fix.en, fixValues);
    if (text === null || text === '') continue;
    const command = fix.command ? renderTemplate(fix.command, fixValues) : null;
    fixSteps.push(command ? { text, command } : { text });
  }
  const diagnosis: Diagnosis = {
    code: entry.code,
    title: render(entry.title),
    explanation: render(entry.explanation),
    fixes: fixSteps.map((fix) => (fix.command ? `${fix.text}: ${fix.command}` : fix.text)),
    fixSteps,
    references: entry.references,
    severity: entry.severity,
  };
  if (evidence) diagnosis.evidence = evidence;
  const used = Object.fromEntries(Object.entries(values).filter(([name]) => !name.startsWith('machine') && name !== 'torchCudaInit'));
  if (Object.keys(used).length > 0) diagnosis.details = used;
  if (machine && entry.onThisMachine) {
    const sentences = entry.onThisMachine
      .map((sentence) => renderTemplate(localized(sentence, locale), { ...values, ...machine }))
      .filter((sentence): sentence is string => sentence !== null);
    if (sentences.length > 0) diagnosis.onThisMachine = sentences.join(' ');
  }
  if (entry.offersPlan && values.framework && PLANNABLE.has(values.framework)) {
    const plan: PlanRequest = { framework: values.framework as Framework };
    if (entry.offersPlan === 'sameVersion' && values.frameworkVersion) plan.frameworkVersion = values.frameworkVersion.replace(/\+.{1,40}$/, '');
    diagnosis.suggestedPlan = plan;
  }
  return diagnosis;
}

/** The facts first; the machine only fills what the text leaves open (a framework version installed here). */
function frameworkValues(facts: DiagnoseFacts, options: DiagnoseOptions): Record<string, string> {
  const framework = facts.framework;
  if (!framework) return {};
  const values: Record<string, string> = {};
  const version = framework.version ?? (options.machine ? installedFrameworkVersion(options.machine, framework.name) : undefined);
  if (version) {
    values.frameworkVersion = version.replace(/\+.{1,40}$/, '');
    const build = (options.frameworkBuild ?? tensorflowBuild)(framework.name, version);
    if (build?.cuda) values.frameworkCuda = build.cuda;
    if (build?.cudnn) values.frameworkCudnn = build.cudnn;
  }
  return values;
}

/** The families told only in words, as raised items (see wordsOnlyFamilies). */
function wordsOnly(text: string, kb: CompiledKnowledgeBase, quoted: (evidence: Evidence) => Evidence): { entry: KnowledgeEntry; values: Record<string, string>; evidence: Evidence; fromWords: true }[] {
  return wordsOnlyFamilies(text.split('\n'), kb).map(({ entry, evidence }) => ({ entry, values: {}, evidence: quoted(evidence), fromWords: true as const }));
}

// A sentence that says something is wrong ("it doesn't work", "stuck", "没有"), for texts with no error line.
const TELLS_A_PROBLEM = /\b(?:not|n't|doesn'?t|don'?t|won'?t|isn'?t|can'?t|cannot|no longer|unable|problem|issue|wrong|stuck|help|false|none|empty|missing|only)\b|[不没无未失败错]/i;

/** The family whose reports the text reads most like, as a raised item (see closestReports); only in a text that reports a problem. */
function resemblance(normalized: string, kb: CompiledKnowledgeBase): { entry: KnowledgeEntry; values: Record<string, string>; resembles: string[] }[] {
  const lines = normalized.split('\n');
  if (!lines.some((line) => ERROR_LINE.test(line)) && !TELLS_A_PROBLEM.test(normalized)) return [];
  const closest = closestReports(normalized);
  const compiled = closest ? kb.byCode.get(closest.code) : undefined;
  return closest && compiled && !ruledOut(compiled, lines) ? [{ entry: compiled.entry, values: {}, resembles: closest.words }] : [];
}

/** Evidence found in the English reading, quoted from the same line of the text as pasted. */
function inTheirWords(normalized: string): (evidence: Evidence) => Evidence {
  const lines = normalized.split('\n');
  return (evidence) => evidenceAt(lines, evidence.line - 1);
}

/**
 * Recognises what a pasted text is, extracts its facts with detection's parsers and matches the knowledge base
 * (data/errors.json). Pure apart from reading the data tables; linear in the text's length.
 */
export function diagnoseText(text: string, options: DiagnoseOptions = {}): DiagnoseResult {
  const locale = options.locale ?? 'en';
  const kb = options.knowledgeBase ?? loadKnowledgeBase();
  const normalized = normalizeText(text);
  const kind = recognizeNormalizedKind(normalized);
  const facts = extractFacts(normalized, kind);
  const machine = options.machine
    ? { ...machineValues(options.machine, locale), ...hostValues(options.machine, options.host, locale), ...vendorValues(options.machine, locale) }
    : null;
  // A text from another machine (its driver or kernel is not this one's) gets no fix built from this machine's files.
  const elsewhere = options.machine ? textFromAnotherMachine(normalized, facts, options.machine) : false;
  // A text from an NVIDIA machine keeps its CUDA advice; this machine's vendor still shows in the sentences about it.
  const fixMachine = elsewhere ? null : machine && textFromNvidiaMachine(facts) ? Object.fromEntries(Object.entries(machine).filter(([name]) => !VENDOR_FLAGS.includes(name))) : machine;
  const commands = computeCapQueryValues(facts, options.machine);
  const shared = frameworkValues(facts, options);

  // The families read the loader's, the C library's and apt's messages in English; the evidence quotes the user's words.
  const english = systemMessagesInEnglish(normalized);
  const quoted = english === normalized ? (evidence: Evidence) => evidence : inTheirWords(normalized);
  const raised: { entry: KnowledgeEntry; values: Record<string, string>; evidence?: Evidence; outranks?: string[]; fromWords?: true; resembles?: string[] }[] = [];
  for (const match of matchKnowledgeBase(english, kb, options.stats)) {
    raised.push({ entry: match.compiled.entry, values: match.values, evidence: quoted(match.evidence) });
  }
  for (const match of structuralMatches(english, kind, facts, locale)) {
    const compiled = kb.byCode.get(match.code);
    if (compiled) raised.push({ entry: compiled.entry, values: match.values, ...(match.evidence ? { evidence: quoted(match.evidence) } : {}), ...(match.outranks ? { outranks: match.outranks } : {}) });
  }
  // An architecture a Toolkit dropped and one it predates read alike: the data says which (architectureDirection.ts).
  // What the text's shape says outranks (several of TensorFlow's libraries missing is TensorFlow's family) goes first.
  const outranked = new Set(raised.flatMap((item) => item.outranks ?? []));
  const directed = withoutTensorrtLibraries(raised.filter((item) => !outranked.has(item.entry.code)).map((item) => withArchitectureDirection(item, normalized, kb)));
  const superseded = new Set(directed.flatMap((item) => item.entry.supersedes ?? []));
  // An error line comes before a line that only mentions a state ("my torch is 1.8.1+cpu" above pip's ERROR).
  const rank = (item: (typeof directed)[number]) => (item.evidence && !ERROR_LINE.test(item.evidence.text) ? 1 : 0);
  let kept = directed
    .filter((item) => !superseded.has(item.entry.code))
    .sort((a, b) => rank(a) - rank(b) || (a.evidence?.line ?? Infinity) - (b.evidence?.line ?? Infinity));
  // Notes on harmless lines (TensorFlow's start-up chatter) matter only when nothing else was found.
  if (kept.some((item) => !item.entry.quietWhenOthers)) kept = kept.filter((item) => !item.entry.quietWhenOthers);
  // A family told only in words is read when no line named one.
  const readsWords = ERROR_KINDS.has(kind) && english.length <= MAX_WORDS_TEXT && !STRUCTURED_DATA.test(english);
  // Words on a line that reports a failure come before words on one that states a setup, as for the patterns. A traceback
  // cut before its message says only that the message is missing: the words may still tell it, and come first.
  const onlyCutTraceback = kept.length > 0 && kept.every((item) => item.entry.code === 'INCOMPLETE_TRACEBACK');
  if ((kept.length === 0 || onlyCutTraceback) && readsWords) kept = [...wordsOnly(english, kb, quoted).sort((a, b) => rank(a) - rank(b) || a.evidence.line - b.evidence.line), ...kept];
  // Then the family whose reports it reads most like, if one stands out.
  // Not for an installer's log: the installer names its own errors, and a log without one failed nowhere we can tell.
  if (kept.length === 0 && readsWords && kind !== 'installer-log') kept = resemblance(normalized, kb);
  // A family raised by a line and by the text's shape (a "+cpu" version in collect_env) is one diagnosis, from its first line.
  kept = kept.filter((item, index) => kept.findIndex((other) => other.entry.code === item.entry.code) === index);
  const diagnoses = kept.map((item) => {
    const values = { ...detailValues(item.values, facts), ...shared };
    const library = options.machine && !elsewhere ? libraryValues(values.soname, options.machine, options.host) : {};
    const diagnosis = buildDiagnosis(item.entry, values, locale, item.evidence, machine ? { ...machine, ...library } : null, { ...commands, ...(fixMachine ?? {}), ...library });
    if (elsewhere && diagnosis.onThisMachine) diagnosis.onThisMachine = `${otherMachineLabel(locale)} ${diagnosis.onThisMachine}`;
    // No tool's message named it: the reader is told the answer rests on their words alone.
    if (item.fromWords) diagnosis.fromWords = true;
    if (item.resembles) diagnosis.resembles = item.resembles;
    return diagnosis;
  });
  // An error text with nothing recognised: say what was read and which families came closest (a healthy report needs neither).
  if (diagnoses.length === 0 && ERROR_KINDS.has(kind)) return { kind, facts, diagnoses, locale, unmatched: unmatchedSummary(normalized, facts, kb, locale) };
  return { kind, facts, diagnoses, locale };
}
