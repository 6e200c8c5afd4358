import { useEffect, useState } from 'react';
import type { DlsetupApi } from '../../shared/ipc/contract.js';
import { useApi } from './ApiContext.js';

/** Where the engine writes its log and keeps run journals: what a person needs after a failure. */
export interface LogPaths {
  logFile: string;
  runsDir: string;
}

/** Asked once per engine connection; the answer is kept so later panels show it on their first render. */
const asked = new WeakMap<DlsetupApi, { promise: Promise<LogPaths | null>; paths?: LogPaths | null }>();

/** The engine's log and journal folder from app:info; null when it does not say (an older engine, no engine). */
export function loadLogPaths(api: DlsetupApi): Promise<LogPaths | null> {
  let entry = asked.get(api);
  if (!entry) {
    const promise = api['app:info']().then((result) => (result.ok && result.value.logFile && result.value.runsDir ? { logFile: result.value.logFile, runsDir: result.value.runsDir } : null));
    const created: { promise: Promise<LogPaths | null>; paths?: LogPaths | null } = { promise };
    void promise.then((paths) => (created.paths = paths));
    asked.set(api, (entry = created));
  }
  return entry.promise;
}

export function useLogPaths(): LogPaths | null {
  const api = useApi();
  const [paths, setPaths] = useState<LogPaths | null>(() => asked.get(api)?.paths ?? null);
  useEffect(() => {
    let current = true;
    void loadLogPaths(api).then((loaded) => current && setPaths(loaded));
    return () => {
      current = false;
    };
  }, [api]);
  return paths;
}
