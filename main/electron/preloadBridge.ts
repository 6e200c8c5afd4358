import type { IpcRenderer, IpcRendererEvent } from 'electron';
import type { DlsetupApi } from '../../shared/ipc/contract.js';
import { PUSH_CHANNEL } from '../../shared/ipc/pushChannel.js';
import type { PushEvent } from '../../shared/ipc/pushEvent.js';

/** One function per contract channel; the renderer never sees ipcRenderer itself (docs/design.md §5). */
export function createPreloadBridge(ipc: Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener'>) {
  return {
    'app:info': (arg) => ipc.invoke('app:info', arg),
    'detect:run': (arg) => ipc.invoke('detect:run', arg),
    'plan:resolve': (arg) => ipc.invoke('plan:resolve', arg),
    'plan:versions': (arg) => ipc.invoke('plan:versions', arg),
    'plan:export': (arg) => ipc.invoke('plan:export', arg),
    'install:start': (arg) => ipc.invoke('install:start', arg),
    'install:cancel': (arg) => ipc.invoke('install:cancel', arg),
    'install:status': (arg) => ipc.invoke('install:status', arg),
    'install:rollback': (arg) => ipc.invoke('install:rollback', arg),
    'verify:run': (arg) => ipc.invoke('verify:run', arg),
    'verify:history': (arg) => ipc.invoke('verify:history', arg),
    'verify:environments': (arg) => ipc.invoke('verify:environments', arg),
    'verify:environmentsCheck': (arg) => ipc.invoke('verify:environmentsCheck', arg),
    'verify:environmentsCheckCancel': (arg) => ipc.invoke('verify:environmentsCheckCancel', arg),
    'verify:environmentsCheckState': (arg) => ipc.invoke('verify:environmentsCheckState', arg),
    'mirror:check': (arg) => ipc.invoke('mirror:check', arg),
    'mirror:default': (arg) => ipc.invoke('mirror:default', arg),
    'diagnose:text': (arg) => ipc.invoke('diagnose:text', arg),
    onProgress(listener: (event: PushEvent) => void) {
      const forward = (_event: IpcRendererEvent, progress: PushEvent) => listener(progress);
      ipc.on(PUSH_CHANNEL, forward);
      return () => {
        ipc.removeListener(PUSH_CHANNEL, forward);
      };
    },
  } satisfies DlsetupApi;
}
