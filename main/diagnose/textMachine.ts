import en from '../../locales/en/wizard.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN/wizard.json' with { type: 'json' };
import type { DiagnoseFacts, DiagnoseLocale } from '../../shared/types/diagnose.js';
import type { HardwareReport } from '../../shared/types/hardware.js';

// Where a log names its kernel: dmesg's banner, DKMS's make line, a headers package, a modules folder, uname -r.
const KERNEL = /(?:Linux version |kernel(?: version)?:? |KERNEL_UNAME=|linux-headers-|\/lib\/modules\/)(\d{1,2}\.\d{1,2}\.\d{1,3}[\w.+~-]{0,60})/gi;
const SCAN = 1_000_000;

/**
 * Whether a pasted text plainly comes from another machine than the one diagnose runs on: it names a driver or a kernel
 * this machine does not have. Then this machine's files and versions must not be given as that machine's fix.
 */
export function textFromAnotherMachine(text: string, facts: DiagnoseFacts, machine: HardwareReport): boolean {
  const driver = machine.driver?.version;
  if (facts.driverVersion && driver && facts.driverVersion !== driver) return true;
  const running = machine.os?.kernel;
  if (!running) return false;
  const scan = text.length > SCAN ? text.slice(0, SCAN) : text;
  KERNEL.lastIndex = 0;
  let named = false;
  for (let match = KERNEL.exec(scan); match !== null; match = KERNEL.exec(scan)) {
    const kernel = (match[1] as string).replace(/[.)-]+$/, '');
    if (kernel === running || running.startsWith(kernel) || kernel.startsWith(running)) return false;
    named = true;
  }
  return named;
}

/** The label that tells whose machine "on this machine" means when the text came from another one. */
export function otherMachineLabel(locale: DiagnoseLocale): string {
  const catalog: Record<string, string> = locale === 'zh-CN' ? zhCN : en;
  return catalog['diagnose.otherMachine'] ?? en['diagnose.otherMachine'];
}
