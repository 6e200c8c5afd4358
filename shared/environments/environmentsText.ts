import { translator } from '../i18n/localize.js';
import environmentsEn from '../../locales/en/environments.json' with { type: 'json' };
import environmentsZhCN from '../../locales/zh-CN/environments.json' with { type: 'json' };

/** The sentences of `verify --all` and the wizard's "All environments" view (one catalog for both). */
export const environmentsText = translator('environments', environmentsEn, environmentsZhCN);
