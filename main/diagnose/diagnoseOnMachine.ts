import type { DiagnoseResult } from '../../shared/types/diagnose.js';
import { detectHardware } from '../detect/detectHardware.js';
import { looksBinary } from '../system/looksBinary.js';
import { untrustedInputText } from '../system/untrustedInputText.js';
import { diagnoseText } from './diagnoseText.js';
import { gatherHostFacts } from './hostFacts.js';

/**
 * A diagnosis run on the machine itself: the advice names this machine's driver, toolkits and GPU (quick detection).
 * Binary data (a core dump, an image pasted or piped in) is refused from its first 8 KB, before detection runs.
 */
export async function diagnoseOnMachine(text: string, options: { locale?: 'en' | 'zh-CN'; useMachine?: boolean } = {}): Promise<DiagnoseResult> {
  if (looksBinary(text)) throw untrustedInputText(options.locale).error('INVALID_ARGUMENT', 'text.binary');
  const machine = options.useMachine === false ? undefined : await detectHardware({ quick: true });
  const host = machine ? await gatherHostFacts(machine) : undefined;
  return diagnoseText(text, { locale: options.locale, ...(machine ? { machine } : {}), ...(host ? { host } : {}) });
}
