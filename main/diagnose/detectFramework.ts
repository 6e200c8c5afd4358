import type { DiagnosedFramework } from '../../shared/types/diagnose.js';
import { FRAMEWORK_IDS, FRAMEWORK_SPECS, isFramework } from '../../shared/frameworks/registry.js';
import { regexLiteral } from './regexLiteral.js';

/** Families Troubleshoot names that DL Setup does not plan: their site-packages folders and words. */
const OTHER_FAMILIES: Record<string, { name: DiagnosedFramework['name']; packagePaths: readonly string[]; words: readonly string[] }> = {
  paddle: { name: 'paddle', packagePaths: ['paddle'], words: ['PaddlePaddle', 'paddle'] },
  onnxruntime: { name: 'onnxruntime', packagePaths: ['onnxruntime'], words: ['onnxruntime'] },
};

const families = [
  ...Object.values(OTHER_FAMILIES),
  ...FRAMEWORK_IDS.map((id) => ({ name: id, packagePaths: FRAMEWORK_SPECS[id].diagnose.packagePaths, words: FRAMEWORK_SPECS[id].diagnose.words })),
];
const paths = [...new Set(families.flatMap((f) => f.packagePaths))].join('|');
const words = [...new Set(families.flatMap((f) => f.words))].join('|');

// Besides folders and words, forms that only PyTorch, TensorFlow and JAX print (a bare "torch" or "jax" is too common a
// word): JAX's by its extras, modules and plugins ("jax[cuda12_local]", "jax._src", "jax_plugins") and by the copy of
// TensorFlow's stream executor jaxlib carries ("external/org_tensorflow/tensorflow/…").
const FRAMEWORK = new RegExp(
  `\\bexternal[\\\\/](org_tensorflow)[\\\\/]|site-packages[\\\\/](${paths})[\\\\/]|\\b(tensorflow)[\\\\/](?:stream_executor|core|compiler|python)|\\b(torch)\\.cuda\\b|\\b(Torch) not compiled|\\b(jax)(?:\\[cuda|\\._src\\b|_plugins\\b|\\.devices\\(|\\.numpy\\b)|\\b(${words})\\b`,
  'i',
);

/** Each lower-case folder or word to its family; a planned framework's spec wins over the list above. */
const NAMES: Record<string, DiagnosedFramework['name']> = {
  ...Object.fromEntries(families.flatMap((f) => [...f.packagePaths, ...f.words].map((word) => [word.toLowerCase(), f.name] as const))),
  org_tensorflow: 'jax',
};

/**
 * A version under its label, as issue templates and reports write it: "### TensorFlow version" with "2.14.0" a line
 * or two below, "PyTorch Version (e.g., 1.0): 1.6", "- PaddlePaddle version 2.0.2". The label is the package or the
 * word the text named the framework by.
 */
function labelledVersion(text: string, package_: string, word: string): string | undefined {
  const label = [...new Set([package_, word])].map(regexLiteral).join('|');
  const pattern = new RegExp(`\\b(?:${label})(?:[ _-]gpu)? version\\b(?: ?\\([^)\\n]{0,40}\\))?[^\\n\\d]{0,20}(?:\\n[ \\t]{0,8}){0,3}v?(\\d{1,2}\\.\\d{1,3}(?:\\.\\d{1,3})?)\\b`, 'i');
  return pattern.exec(text)?.[1];
}

/** The framework a log or traceback comes from (first mention wins), with its version when a package path or pin shows it. */
export function detectFramework(text: string): DiagnosedFramework | null {
  const match = FRAMEWORK.exec(text);
  if (!match) return null;
  const word = (match.slice(1).find((group) => group !== undefined) ?? '').toLowerCase();
  const name = NAMES[word];
  if (!name) return null;
  const framework: DiagnosedFramework = { name };
  const package_ = isFramework(name) ? FRAMEWORK_SPECS[name].primaryPackage : name;
  const version = new RegExp(`\\b${package_}(?:[_-]gpu)?(?:==|-)(\\d{1,2}\\.\\d{1,3}(?:\\.\\d{1,3})?)\\b`, 'i').exec(text)?.[1] ?? labelledVersion(text, package_, word);
  if (version) framework.version = version;
  return framework;
}
