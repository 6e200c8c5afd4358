import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { catalogOptions } from './resources.js';

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'zh-CN', label: '简体中文' },
] as const;

export type LanguageCode = (typeof LANGUAGES)[number]['code'];

const STORAGE_KEY = 'dlsetup.language';

/** The user's choice if they made one, else the OS locale: Chinese locales get Simplified Chinese. */
export function initialLanguage(): LanguageCode {
  const saved = window.localStorage.getItem(STORAGE_KEY);
  if (saved === 'en' || saved === 'zh-CN') return saved;
  return navigator.languages.some((tag) => tag.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en';
}

export function setLanguage(code: LanguageCode): void {
  window.localStorage.setItem(STORAGE_KEY, code);
  void i18next.changeLanguage(code);
  document.documentElement.lang = code;
}

export const i18n = i18next.use(initReactI18next);

void i18n.init({
  ...catalogOptions,
  lng: initialLanguage(),
  returnNull: false,
  // The catalogs are bundled: initialise synchronously so the first render does not wait a tick for them.
  initAsync: false,
  // Keep the console free of the library's advertisement.
  showSupportNotice: false,
});
document.documentElement.lang = i18n.language;
