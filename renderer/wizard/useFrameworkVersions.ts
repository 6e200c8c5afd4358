import { useEffect, useState } from 'react';
import type { FrameworkVersionList } from '../../shared/ipc/contract.js';
import type { Framework } from '../../shared/types/plan.js';
import { useApi } from './ApiContext.js';

/** The releases DL Setup's data has for a framework on this machine's platform; null while loading or when the engine cannot say. */
export function useFrameworkVersions(framework: Framework): FrameworkVersionList['versions'] | null {
  const api = useApi();
  const [lists, setLists] = useState<Partial<Record<Framework, FrameworkVersionList['versions']>>>({});
  useEffect(() => {
    if (lists[framework]) return;
    let current = true;
    void api['plan:versions']({ framework }).then((result) => {
      if (current && result.ok) setLists((known) => ({ ...known, [framework]: result.value.versions }));
    });
    return () => {
      current = false;
    };
  }, [api, framework, lists]);
  return lists[framework] ?? null;
}
