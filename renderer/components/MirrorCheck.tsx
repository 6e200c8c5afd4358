import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MirrorCheck as MirrorCheckResult } from '../../shared/ipc/contract.js';
import { useApi } from '../wizard/ApiContext.js';

/** "Check" beside a mirror picker: asks the engine whether the mirror answers, and says so in words (live region). */
export function MirrorCheck({ id, probeUrl, name }: { id: string; probeUrl: string | null; name: string }) {
  const { t } = useTranslation();
  const api = useApi();
  const [state, setState] = useState<{ status: 'idle' | 'checking' } | { status: 'done'; result: MirrorCheckResult } | { status: 'failed'; message: string }>({ status: 'idle' });
  // A different mirror makes an earlier answer stale.
  useEffect(() => setState({ status: 'idle' }), [probeUrl]);
  const check = async () => {
    if (!probeUrl) return;
    setState({ status: 'checking' });
    const answer = await api['mirror:check']({ url: probeUrl });
    setState(answer.ok ? { status: 'done', result: answer.value } : { status: 'failed', message: answer.error.message });
  };
  let text = '';
  let tone = '';
  if (state.status === 'checking') text = t('choose.mirrorCheck.checking');
  else if (state.status === 'failed') [text, tone] = [state.message, 'field-error'];
  else if (state.status === 'done') {
    const { result } = state;
    if (result.reachable) [text, tone] = [t('choose.mirrorCheck.reachable', { ms: result.ms }), 'ok'];
    else if (result.code === 'NOT_FOUND') [text, tone] = [t('choose.mirrorCheck.httpError', { status: result.status ?? '?' }), 'field-error'];
    else if (result.code === 'TIMEOUT') [text, tone] = [t('choose.mirrorCheck.timeout'), 'field-error'];
    else [text, tone] = [t('choose.mirrorCheck.network', { cause: result.cause ?? '' }), 'field-error'];
  }
  return (
    <div className="mirror-check">
      <button type="button" id={id} disabled={!probeUrl || state.status === 'checking'} aria-describedby={`${id}-result`} onClick={() => void check()}>
        {t('choose.mirrorCheck.button', { name })}
      </button>
      <span id={`${id}-result`} role="status" className={tone} data-testid={`${id}-result`}>{text}</span>
    </div>
  );
}
