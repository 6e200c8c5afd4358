import { translator, type CatalogKey, type Say } from '../i18n/localize.js';
import schemaTextEn from '../../locales/en/schema.json' with { type: 'json' };
import schemaTextZhCN from '../../locales/zh-CN/schema.json' with { type: 'json' };

export type SchemaTextKey = CatalogKey<'schema'>;
export type SchemaSay = Say<'schema'>;

/** The refusal sentences of every schema, in the reader's language (English when none is given). */
export const schemaText = translator('schema', schemaTextEn, schemaTextZhCN);

export function isSchemaTextKey(value: string): value is SchemaTextKey {
  return Object.prototype.hasOwnProperty.call(schemaTextEn, value);
}
