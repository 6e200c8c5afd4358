import { createInstance } from 'i18next';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { catalogOptions } from '../../renderer/i18n/resources.js';
import { screenOf } from './queries.js';

/** Renders a screen alone, in node, with the real catalogs (no DOM, no transport). */
export function renderScreen(element: ReactElement, language: 'en' | 'zh-CN' = 'en'): string {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    ...catalogOptions,
    lng: language,
    initAsync: false,
  });
  return renderToStaticMarkup(<I18nextProvider i18n={i18n}>{element}</I18nextProvider>);
}

/** The visible text of rendered markup, for assertions on what a person reads (parsed, pieces of text apart by a space). */
export function visibleText(html: string): string {
  return screenOf(html).text();
}
