import type { DiagnoseResult } from '../../shared/types/diagnose.js';
import { detectHardware } from '../detect/detectHardware.js';
import { diagnoseText } from './diagnoseText.js';

/** A diagnosis run on the machine itself: the advice names this machine's driver, toolkits and GPU (quick detection). */
export async function diagnoseOnMachine(text: string, options: { locale?: 'en' | 'zh-CN'; useMachine?: boolean } = {}): Promise<DiagnoseResult> {
  const machine = options.useMachine === false ? undefined : await detectHardware({ quick: true });
  return diagnoseText(text, { locale: options.locale, machine });
}
