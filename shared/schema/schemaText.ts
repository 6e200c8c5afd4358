import { translator, type Say } from '../i18n/localize.js';
import { schemaTextEn } from './schemaText.en.js';
import { schemaTextZhCN } from './schemaText.zh-CN.js';

export type SchemaTextKey = keyof typeof schemaTextEn & string;
export type SchemaSay = Say<SchemaTextKey>;

/** The refusal sentences of every schema, in the reader's language (English when none is given). */
export const schemaText = translator(schemaTextEn, schemaTextZhCN);

export function isSchemaTextKey(value: string): value is SchemaTextKey {
  return Object.prototype.hasOwnProperty.call(schemaTextEn, value);
}
