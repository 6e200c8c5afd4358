import { useTranslation } from 'react-i18next';
import type { Locale } from '../../shared/i18n/localize.js';

/** The UI language as the engine's locale, so the sentences the engine writes match the screen. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  return i18n.language === 'zh-CN' ? 'zh-CN' : 'en';
}
