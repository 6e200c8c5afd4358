/** More envs than anyone keeps; the rest are not inspected (each costs listings and reads). */
export const MAX_CONDA_ENVS = 256;
/** A prefix conda prints is an absolute path without control characters, at most PATH_MAX long. */
const PREFIX_SHAPE = /^(?:\/|[A-Za-z]:[\\/])[^\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]{0,4095}$/;

/**
 * Parses `conda env list --json` ({"envs": ["/home/me/miniconda3", "/data/envs/torch"], ...}): the prefixes of every env
 * conda knows, including ones outside its default folders. Anything else yields an empty list, never a throw. What it
 * lists is data: absolute paths only, without control characters, at most MAX_CONDA_ENVS of them.
 */
export function parseCondaEnvList(text: string): string[] {
  if (typeof text !== 'string') return [];
  // conda may print warnings before the JSON object.
  const start = text.indexOf('{');
  if (start < 0) return [];
  let data: unknown;
  try {
    data = JSON.parse(text.slice(start));
  } catch {
    return [];
  }
  const envs = data && typeof data === 'object' ? (data as { envs?: unknown }).envs : undefined;
  if (!Array.isArray(envs)) return [];
  const prefixes = envs.filter((env): env is string => typeof env === 'string').map((env) => env.trim());
  return [...new Set(prefixes.filter((env) => PREFIX_SHAPE.test(env)))].slice(0, MAX_CONDA_ENVS);
}
