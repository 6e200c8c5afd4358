import type { DiagnosedFramework } from '../../shared/types/diagnose.js';

const FRAMEWORK =
  /site-packages[\\/](torch|tensorflow|jax|jaxlib|paddle|onnxruntime)[\\/]|\b(tensorflow)[\\/](?:stream_executor|core|compiler|python)|\b(torch)\.cuda\b|\b(Torch) not compiled|\b(PyTorch)\b|\b(TensorFlow)\b|\b(jaxlib)\b|\b(PaddlePaddle|paddle)\b|\b(onnxruntime)\b/i;

const NAMES: Record<string, DiagnosedFramework['name']> = {
  torch: 'pytorch',
  pytorch: 'pytorch',
  tensorflow: 'tensorflow',
  jax: 'jax',
  jaxlib: 'jax',
  paddle: 'paddle',
  paddlepaddle: 'paddle',
  onnxruntime: 'onnxruntime',
};

/** The framework a log or traceback comes from (first mention wins), with its version when a package path or pin shows it. */
export function detectFramework(text: string): DiagnosedFramework | null {
  const match = FRAMEWORK.exec(text);
  if (!match) return null;
  const word = (match.slice(1).find((group) => group !== undefined) ?? '').toLowerCase();
  const name = NAMES[word];
  if (!name) return null;
  const framework: DiagnosedFramework = { name };
  const package_ = name === 'pytorch' ? 'torch' : name;
  const version = new RegExp(`\\b${package_}(?:[_-]gpu)?(?:==|-)(\\d{1,2}\\.\\d{1,3}(?:\\.\\d{1,3})?)\\b`, 'i').exec(text)?.[1];
  if (version) framework.version = version;
  return framework;
}
