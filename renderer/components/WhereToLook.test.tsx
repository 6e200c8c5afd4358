import { describe, expect, it } from 'vitest';
import type { DlsetupApi } from '../../shared/ipc/contract.js';
import { renderScreen, visibleText } from '../../testkit/renderer/renderScreen.js';
import { ApiContext, disconnectedApi } from '../wizard/ApiContext.js';
import { emptyRunView, type RunView } from '../wizard/runProgress.js';
import { loadLogPaths } from '../wizard/useLogPaths.js';
import { InstallRunView } from '../screens/InstallScreen.js';
import { ErrorPanel } from './ErrorPanel.js';

const noop = () => undefined;
const paths = { logFile: '/home/me/.local/state/dlsetup/logs/dlsetup.log', runsDir: '/home/me/.local/share/dlsetup/runs' };

/** An engine that answers app:info as the real one does (main/transport/handlers.ts), asked before rendering. */
async function engineWithPaths(): Promise<DlsetupApi> {
  const api: DlsetupApi = { ...disconnectedApi, 'app:info': async () => ({ ok: true, value: { name: 'DL Setup', version: '0.1.0', platform: 'linux', transport: 'http', ...paths } }) };
  await loadLogPaths(api);
  return api;
}

describe('where to look after a failure', () => {
  it('an error panel names the log file and the run journals, in English and Chinese', async () => {
    const api = await engineWithPaths();
    const panel = <ErrorPanel error={{ code: 'COMMAND_FAILED', message: 'apt-get exited with 100.' }} />;
    expect(visibleText(renderScreen(<ApiContext.Provider value={api}>{panel}</ApiContext.Provider>))).toContain(`Log: ${paths.logFile} Run journals: ${paths.runsDir}`);
    expect(visibleText(renderScreen(<ApiContext.Provider value={api}>{panel}</ApiContext.Provider>, 'zh-CN'))).toContain(`日志： ${paths.logFile} 运行记录： ${paths.runsDir}`);
  });

  it('a failed or interrupted install shows them under its steps; a running or finished one does not', async () => {
    const api = await engineWithPaths();
    const viewIn = (state: RunView['state']) => visibleText(renderScreen(
      <ApiContext.Provider value={api}>
        <InstallRunView view={{ ...emptyRunView('r1'), state }} busy={false} onCancel={noop} onRetry={noop} onVerify={noop} />
      </ApiContext.Provider>,
    ));
    expect(viewIn('failed')).toContain(`Log: ${paths.logFile}`);
    expect(viewIn('interrupted')).toContain(`Run journals: ${paths.runsDir}`);
    expect(viewIn('running')).not.toContain('Log:');
    expect(viewIn('succeeded')).not.toContain('Log:');
  });

  it('says nothing when the engine does not tell (no engine, or one from before app:info carried the paths)', async () => {
    await loadLogPaths(disconnectedApi);
    const text = visibleText(renderScreen(<ErrorPanel error={{ code: 'NETWORK', message: 'The download stalled.' }} />));
    expect(text).not.toContain('Log:');
    expect(text).toContain('The download stalled.');
  });
});
