import { MAX_LINE } from './matchKnowledgeBase.js';

/**
 * Calls `visit` once for each line that holds a match of `finder` (a global regex of literals), scanning the text
 * once; lines longer than MAX_LINE are cut around the match. Keeps fact extraction linear on 10 MB logs.
 */
export function forEachLineWith(text: string, finder: RegExp, visit: (line: string) => void): void {
  // Programmer error: every caller passes a literal regular expression.
  if (!finder.global) throw new Error('forEachLineWith needs a global regular expression');
  finder.lastIndex = 0;
  let lineStart = 0;
  let nextNewline = text.indexOf('\n');
  for (let hit = finder.exec(text); hit !== null; hit = finder.exec(text)) {
    while (nextNewline !== -1 && nextNewline < hit.index) {
      lineStart = nextNewline + 1;
      nextNewline = text.indexOf('\n', lineStart);
    }
    const lineEnd = nextNewline === -1 ? text.length : nextNewline;
    const long = lineEnd - lineStart > MAX_LINE;
    const start = long ? Math.max(lineStart, hit.index - MAX_LINE / 2) : lineStart;
    const end = long ? Math.min(lineEnd, hit.index + MAX_LINE / 2) : lineEnd;
    visit(text.slice(start, end));
    finder.lastIndex = Math.max(end, hit.index + 1);
  }
}
