/** Where a match sits in the text: its line, the words before it on that line, the words after. */
export interface Context {
  line: string;
  /** Text before the match on its line (and, for wrapped prose, the end of the previous line). */
  before: string;
  /** Text after the match on its line. */
  after: string;
  /** Nothing but bullets, numbers or whitespace before the match on its line. */
  atLineStart: boolean;
  lineIndex: number;
}

export function contextAt(text: string, start: number, end: number): Context {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const nextBreak = text.indexOf('\n', end);
  const lineEnd = nextBreak < 0 ? text.length : nextBreak;
  let before = text.slice(lineStart, start);
  const after = text.slice(end, lineEnd);
  const atLineStart =
    /^[\s\-•*·–—\d.()]*$/.test(before) && !/\d/.test(before.replace(/^\s*\d{1,2}[.)]\s*/, ''));
  // Prose wrapped by a PDF or OCR: when the line starts mid-sentence, read the previous line too
  // (OCR sometimes puts a blank line between two lines of one paragraph).
  if (lineStart > 0 && before.trim().split(/\s+/).filter(Boolean).length < 3) {
    let prevEnd = lineStart - 1;
    let prevStart = text.lastIndexOf('\n', prevEnd - 1) + 1;
    if (text.slice(prevStart, prevEnd).trim() === '' && prevStart > 0) {
      prevEnd = prevStart - 1;
      prevStart = text.lastIndexOf('\n', prevEnd - 1) + 1;
    }
    const prev = text.slice(prevStart, prevEnd);
    const table = (line: string) => /\S\s{3,}\S/.test(line);
    if (
      prev.trim().length > 50 &&
      !/[.:;!?]\s*$/.test(prev) &&
      /[a-z,]\s*$/.test(prev) &&
      !table(prev) &&
      !table(before)
    )
      before = `${prev} ${before}`;
  }
  return {
    line: text.slice(lineStart, lineEnd),
    before,
    after,
    atLineStart,
    // Only "is it near the top?" is ever asked: count up to 4,000 characters, not the whole text.
    lineIndex: lineStart > 4000 ? Number.POSITIVE_INFINITY : text.slice(0, lineStart).split('\n').length - 1,
  };
}

/** The part of `before` after the last sentence end (". ", "; ", "! ", "? "), at most `max` chars. */
export function clauseBefore(before: string, max = 110): string {
  const cut = before.slice(-max);
  const m = /.*(?:[.;!?]\s+(?=[A-Z(])|\s{3,})/s.exec(cut);
  return m ? cut.slice(m[0].length) : cut;
}

/** The part of `after` up to the next sentence end, at most `max` chars. */
export function clauseAfter(after: string, max = 90): string {
  const cut = after.slice(0, max);
  const m = /[.;!?](?:\s|$)|\s{3,}/.exec(cut);
  return m ? cut.slice(0, m.index) : cut;
}

/** Of several cue patterns, the one whose last match ends nearest the end of `text`. */
export function nearestCue<K extends string>(
  text: string,
  cues: Array<[K, RegExp]>,
): { kind: K; end: number } | undefined {
  let best: { kind: K; end: number } | undefined;
  for (const [kind, pattern] of cues) {
    const re = new RegExp(pattern.source, pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`);
    let m: RegExpExecArray | null;
    while ((m = re.exec(text))) {
      const end = m.index + m[0].length;
      if (!best || end > best.end) best = { kind, end };
      if (m[0].length === 0) re.lastIndex++;
    }
  }
  return best;
}

/** Of several cue patterns, the first (by list order) that matches `text`. */
export function firstCue<K extends string>(text: string, cues: Array<[K, RegExp]>): K | undefined {
  return cues.find(([, pattern]) => pattern.test(text))?.[0];
}
