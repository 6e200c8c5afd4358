import { useEffect, useState } from 'react';
import type { FrameworkVersionList } from '../../shared/ipc/contract.js';
import type { Framework } from '../../shared/types/plan.js';
import { useApi } from './ApiContext.js';

export type FrameworkVersions = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; versions: FrameworkVersionList['versions'] };

/** The releases DL Setup's data has for a framework on this machine's platform, fetched once per framework. */
export function useFrameworkVersions(framework: Framework): FrameworkVersions {
  const api = useApi();
  const [lists, setLists] = useState<Partial<Record<Framework, FrameworkVersions>>>({});
  useEffect(() => {
    if (lists[framework]) return;
    let current = true;
    void api['plan:versions']({ framework }).then((result) => {
      if (current) setLists((known) => ({ ...known, [framework]: result.ok ? { status: 'ready', versions: result.value.versions } : { status: 'failed' } }));
    });
    return () => {
      current = false;
    };
  }, [api, framework, lists]);
  return lists[framework] ?? { status: 'loading' };
}
