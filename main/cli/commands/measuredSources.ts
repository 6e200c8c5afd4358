import type { InstallSources } from '../../../shared/plan/withInstallSources.js';
import type { Locale } from '../../../shared/i18n/localize.js';
import type { Plan } from '../../../shared/types/plan.js';
import type { MirrorTiming } from '../../../shared/types/mirrors.js';
import { mirrorIds } from '../../install/mirrorPresets.js';
import { measureMirrorDefault, mirrorStepValue } from '../../network/mirrorDefault.js';
import { cliText } from '../cliText.js';

const NAME_KEYS = { tuna: 'sources.mirror.tuna', aliyun: 'sources.mirror.aliyun', ustc: 'sources.mirror.ustc', sjtu: 'sources.mirror.sjtu' } as const;

/**
 * `dlsetup install` in Chinese (issue 17): when neither the flags nor the plan name a package source, the mirror whose
 * index answered first becomes the source, and a line says which, the figures, and how to pick another. English, a
 * flag (--pypi-mirror official included) or a plan that names its sources keep them as they are, unmeasured.
 */
export async function measuredSources(plan: Plan, sources: InstallSources, locale: Locale): Promise<{ sources: InstallSources; lines: string[] }> {
  const framework = plan.steps.find((step) => step.kind === 'framework');
  const named = sources.pypiMirror !== undefined || sources.pytorchMirror !== undefined || framework?.params.pypiMirror !== undefined || framework?.params.pytorchMirror !== undefined;
  if (locale !== 'zh-CN' || !framework || named) return { sources, lines: [] };
  const say = cliText(locale);
  const nameOf = (id: string) => (id in NAME_KEYS ? say(NAME_KEYS[id as keyof typeof NAME_KEYS]) : id);
  const figure = (timing: MirrorTiming) => (timing.reachable ? say('sources.timing', { name: nameOf(timing.id), ms: timing.ms }) : say('sources.noAnswer', { name: nameOf(timing.id) }));
  const choice = await measureMirrorDefault();
  const measured = choice.measured.map(figure).join(say('sources.separator'));
  if (choice.reason === 'noneReachable') {
    return { sources, lines: [say('sources.noneReachable', { count: choice.measured.length, seconds: choice.timeoutMs / 1000, measured })] };
  }
  const name = nameOf(choice.pypiMirror);
  const lines = [say('sources.fastest', { name, count: choice.measured.length, measured, ids: mirrorIds('pypi').join('|') })];
  if (plan.framework.name === 'pytorch') {
    lines.push(choice.pytorchMirror === 'official' ? say('sources.pytorchOfficial', { name }) : say('sources.pytorchMirror', { name: nameOf(choice.pytorchMirror) }));
  }
  return {
    sources: { ...sources, pypiMirror: mirrorStepValue(choice.pypiMirror, 'pypi'), pytorchMirror: mirrorStepValue(choice.pytorchMirror, 'pytorch') },
    lines,
  };
}
