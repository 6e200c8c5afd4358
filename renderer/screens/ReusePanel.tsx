import { useTranslation } from 'react-i18next';
import { FRAMEWORK_NAMES } from '../../shared/plan/frameworkNames.js';
import { useEnvironmentCommand } from '../../shared/plan/reuseCommand.js';
import type { Plan } from '../../shared/types/plan.js';

/** Environments already on the machine that satisfy the plan (issue 30): each with how to use it, and a way to prove it. */
export function ReusePanel({ plan, onVerify }: { plan: Plan; onVerify: (python: string) => void }) {
  const { t } = useTranslation();
  if (!plan.reuse?.length) return null;
  const framework = FRAMEWORK_NAMES[plan.request.framework];
  const row = plan.framework.cuda || plan.framework.rocm ? 'plan.reuse.row.gpu' : 'plan.reuse.row.other';
  return (
    <section aria-labelledby="reuse-heading" data-testid="plan-reuse">
      <h2 id="reuse-heading">{t('plan.reuse.heading')}</h2>
      <p>{t('plan.reuse.intro', { framework })}</p>
      <ul className="reuse">
        {plan.reuse.map((env) => (
          <li key={env.path}>
            <p>{t(row, { name: env.name, kind: t(`plan.reuse.kind.${env.kind}`), python: env.python, framework, version: env.version })}</p>
            <p className="muted">
              {t('plan.reuse.use')} <code>{useEnvironmentCommand(env, plan.profile.os)}</code>
            </p>
            <button type="button" onClick={() => onVerify(env.path)}>
              {t('plan.reuse.verify')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
