/** Words a sentence names as words ("nouveau", "blacklist"), each in quotes, listed the way the reader's language lists. */
export function quotedWords(words: readonly string[], locale: string): string {
  return locale.startsWith('zh') ? words.map((word) => `“${word}”`).join('、') : words.map((word) => `"${word}"`).join(', ');
}
