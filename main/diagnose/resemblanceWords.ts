// Words of three or more letters (library and error names keep their underscores) and single Chinese characters.
const WORD = /[a-z][a-z_]+[a-z]|[\u4e00-\u9fff]/g;

/**
 * The words a report is compared by (closestReports.ts): each word and each pair of neighbouring words, once each.
 * Numbers are left out, so "libcudart.so.11.0" and "libcudart.so.12" read alike.
 */
export function resemblanceWords(text: string): Set<string> {
  const words = text.toLowerCase().match(WORD) ?? [];
  const found = new Set(words);
  for (let index = 1; index < words.length; index++) found.add(`${words[index - 1]} ${words[index]}`);
  return found;
}
