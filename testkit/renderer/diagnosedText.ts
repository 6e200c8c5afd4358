/**
 * The engine's own answer to a pasted text, for the screen tests: the renderer may not import main/, so its tests reach
 * `diagnoseText` through this kit and render what the `diagnose:text` service would return.
 */
import { diagnoseText } from '../../main/diagnose/diagnoseText.js';
import type { DiagnoseLocale, DiagnoseResult } from '../../shared/types/diagnose.js';

export function diagnosedText(text: string, locale: DiagnoseLocale = 'en'): DiagnoseResult {
  return diagnoseText(text, { locale });
}
