// The --pypi-mirror and --pytorch-mirror flags, shared by `dlsetup install` (where pip fetches) and `dlsetup plan` (where the plan is checked).
import { mirrorIds } from '../install/mirrorPresets.js';
import { usageError, type FlagSpec } from './parseArgs.js';

export const MIRROR_FLAGS = {
  'pypi-mirror': { type: 'string', valueName: `${mirrorIds('pypi').join('|')}|URL`, description: 'where pip gets PyPI packages (e.g. tuna in mainland China)' },
  'pytorch-mirror': { type: 'string', valueName: `${mirrorIds('pytorch').join('|')}|URL`, description: 'where pip gets the PyTorch CUDA wheels' },
} satisfies Record<string, FlagSpec>;

/** A mirror flag's value: a preset id this engine knows, "official" (the plan's own index, null), or an index URL. */
export function mirrorFlag(flag: string, value: unknown, role: 'pypi' | 'pytorch'): string | null | undefined {
  if (value === undefined) return undefined;
  const text = String(value).trim();
  if (text === 'official') return null;
  if (/^https?:\/\//.test(text) || mirrorIds(role).includes(text)) return text;
  throw usageError('usage.mirror', { flag, ids: mirrorIds(role).join(', '), text });
}
