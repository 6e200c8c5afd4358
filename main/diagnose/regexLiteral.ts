/** Text as a regular expression that matches it literally (data tables' messages and names turned into patterns). */
export function regexLiteral(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
