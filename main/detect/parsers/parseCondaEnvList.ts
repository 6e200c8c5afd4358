/**
 * Parses `conda env list --json` ({"envs": ["/home/me/miniconda3", "/data/envs/torch"], ...}): the prefixes of every env
 * conda knows, including ones outside its default folders. Anything else yields an empty list, never a throw.
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
  return [...new Set(envs.filter((env): env is string => typeof env === 'string' && env.trim() !== '').map((env) => env.trim()))];
}
