import type { Framework } from '../types/plan.js';

/** How each framework is written in sentences and tables. */
export const FRAMEWORK_NAMES: Record<Framework, string> = { pytorch: 'PyTorch', tensorflow: 'TensorFlow', jax: 'JAX' };
