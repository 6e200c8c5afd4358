import type { DiagnoseKind } from '../../shared/types/diagnose.js';
import { parseWindowsVideoControllers } from '../detect/parsers/parseWindowsVideoControllers.js';

export interface StructuralMatch {
  code: string;
  evidence?: { line: number; text: string };
  values: Record<string, string>;
}

const FRAME = /^\s{0,8}File "([^"\n]{1,400})", line (\d{1,7}), in (\S{1,100})/;
const EXCEPTION = /^[A-Za-z_][\w.]{0,100}(?:Error|Exception|Exit|Interrupt|Warning)\b|^[A-Za-z_][\w.]{0,100}: /;

/** A traceback whose last frame is not followed by the exception line: the paste was cut short. */
function incompleteTraceback(text: string): StructuralMatch | null {
  const lines = text.split('\n');
  let lastFrame = -1;
  for (let index = lines.length - 1; index >= 0; index -= 1) {
    if (FRAME.test(lines[index] as string)) {
      lastFrame = index;
      break;
    }
  }
  if (lastFrame === -1) return null;
  // After the last frame comes its source line (indented), then the exception; anything unindented counts as the end.
  for (const line of lines.slice(lastFrame + 1)) {
    if (line.trim() !== '' && (EXCEPTION.test(line) || !/^\s/.test(line))) return null;
  }
  const frame = FRAME.exec(lines[lastFrame] as string) as RegExpExecArray;
  const file = (frame[1] as string).replace(/^.{0,400}site-packages[\\/]/, '');
  const values: Record<string, string> = { lastFrame: `${file}, line ${frame[2]}, in ${frame[3]}` };
  if (/torch[\\/]cuda[\\/]__init__\.py$/.test(file) && frame[3] === '_lazy_init') values.torchCudaInit = 'yes';
  return { code: 'INCOMPLETE_TRACEBACK', evidence: { line: lastFrame + 1, text: (lines[lastFrame] as string).trim().slice(0, 300) }, values };
}

function adapterRamCapped(text: string): StructuralMatch | null {
  const capped = parseWindowsVideoControllers(text).find((controller) => controller.adapterRamCapped);
  if (!capped?.adapterRamBytes) return null;
  return { code: 'WINDOWS_ADAPTER_RAM_CAPPED', values: { adapterRam: String(capped.adapterRamBytes) } };
}

/** Diagnoses that follow from the shape of the text rather than from a message in it. */
export function structuralMatches(text: string, kind: DiagnoseKind): StructuralMatch[] {
  const found: (StructuralMatch | null)[] = [];
  if (kind === 'python-traceback' || kind === 'log') found.push(text.length > 1_000_000 ? null : incompleteTraceback(text));
  if (kind === 'windows-cim') found.push(adapterRamCapped(text));
  return found.filter((match): match is StructuralMatch => match !== null);
}
