import * as v from 'valibot';
import { listOf, row, tableHeader, text } from './tableParts.js';

/** At most this long: a catalog's message is one sentence, and each becomes a pattern Troubleshoot compiles. */
const message = v.pipe(text, v.check<string, string>((value) => value.length <= 200, 'problem.notText'));

/** data/system-messages.json: glibc's and apt's own translations of the messages the families are written in. */
export const systemMessagesTableSchema = row({
  ...tableHeader,
  sources: listOf(row({ package: text, version: text, sha256: v.pipe(text, v.regex(/^[0-9a-f]{64}$/)) })),
  messages: listOf(
    row({
      domain: text,
      /** The English the program is written in; `%s` and `%d` stand for values, in the same order in every translation. */
      msgid: message,
      package: text,
      translations: listOf(row({ lang: text, text: message })),
    }),
  ),
});

export type SystemMessagesTable = v.InferOutput<typeof systemMessagesTableSchema>;
