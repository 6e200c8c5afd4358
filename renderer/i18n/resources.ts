import en from '../../locales/en/wizard.json' with { type: 'json' };
import zhCN from '../../locales/zh-CN/wizard.json' with { type: 'json' };

/** The wizard's own strings: one flat namespace (locales/<locale>/wizard.json), as every catalog is. */
export const WIZARD_NAMESPACE = 'wizard';

/** i18next options shared by the app and the screen tests: flat keys, looked up whole rather than split at dots. */
export const catalogOptions = {
  resources: { en: { [WIZARD_NAMESPACE]: en }, 'zh-CN': { [WIZARD_NAMESPACE]: zhCN } },
  ns: [WIZARD_NAMESPACE],
  defaultNS: WIZARD_NAMESPACE,
  keySeparator: false,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
} as const;
