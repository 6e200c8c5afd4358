import * as v from 'valibot';
import { listOf, row, source, tableHeader, text } from './tableParts.js';

/** data/shell-messages.json: a shell's own words for its messages, per language, generated from its catalogs. */
export const shellMessagesTableSchema = row({
  ...tableHeader,
  commandNotFound: listOf(
    row({
      lang: text,
      /** The catalog's msgstr: `%s` stands for the command. */
      message: v.pipe(text, v.check<string, string>((value) => value.includes('%s') && value.length <= 200, 'problem.notText')),
      source,
    }),
  ),
});

export type ShellMessagesTable = v.InferOutput<typeof shellMessagesTableSchema>;
