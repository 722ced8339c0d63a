/**
 * Features of a document for the type classifier: lower-cased words and word pairs, with money,
 * dates and other numbers folded into one token each, weighted log(1 + count) so that a word
 * repeated fifty times in a long estimate does not drown everything else.
 */

export type FeatureVector = Record<string, number>;

const MONEY = /(?:\$|usd\s?)\s?\d[\d,]*(?:\.\d+)?|\b\d[\d,]*(?:\.\d{2})?\s?dollars\b/gi;
const DATE =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?,?\s+\d{4}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{4}-\d{2}-\d{2}\b/gi;
const NUMBER = /\b\d[\d,.]*\b/g;
const WORD = /[a-z]+(?:'[a-z]+)?|__[a-z]+__/g;

/** Tokens in reading order (no stop-word list: the classifier weighs common words itself). */
export function tokenize(text: string): string[] {
  const folded = text
    .toLowerCase()
    .replace(MONEY, ' __money__ ')
    .replace(DATE, ' __date__ ')
    .replace(NUMBER, ' __num__ ');
  return (folded.match(WORD) ?? []).filter((token) => token.length > 1).map((t) => t.replace(/'s$/, ''));
}

export function features(text: string): FeatureVector {
  const tokens = tokenize(text);
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  tokens.forEach((token, i) => {
    add(token);
    if (i > 0) add(`${tokens[i - 1]} ${token}`);
  });
  const vector: FeatureVector = {};
  for (const [key, count] of counts) vector[key] = Math.log1p(count);
  return vector;
}

/** Keeps the `limit` heaviest features (ties broken alphabetically, so the result is stable). */
export function topFeatures(vector: FeatureVector, limit: number): FeatureVector {
  const entries = Object.entries(vector).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return Object.fromEntries(entries.slice(0, limit).map(([k, v]) => [k, round(v)]));
}

export const round = (n: number, digits = 6) => Number(n.toPrecision(digits));

/**
 * The page's typography without its words: letters become "a"/"A" (a run of them one "a" or "A",
 * a capitalised word "Aa"), digits "9" (a run one "9"), blanks collapse to one space, while
 * punctuation and line breaks stay; then n-grams of 3 to 5 of those symbols ("A,\n\n", "$9,9.9",
 * "(a) A", "§ 9"). A salutation, a table of amounts, a numbered clause look the same whoever wrote
 * them, which words do not. (The first 20,000 characters: a page's habits show early, and a long
 * upload stays quick to read.)
 */
export function shapeFeatures(text: string): FeatureVector {
  const shape = text
    .slice(0, 20_000)
    .replace(/\p{Lu}\p{Ll}+/gu, '\uE000')
    .replace(/\p{Lu}+/gu, 'A')
    .replace(/\p{Ll}+/gu, 'a')
    .replace(/\uE000/g, 'Aa')
    .replace(/\d+/g, '9')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n[ \t]*/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  const counts = new Map<string, number>();
  for (let n = 3; n <= 5; n++)
    for (let i = 0; i + n <= shape.length; i++) {
      const gram = `__shape_${shape.slice(i, i + n)}`;
      counts.set(gram, (counts.get(gram) ?? 0) + 1);
    }
  const vector: FeatureVector = {};
  for (const [key, count] of counts) vector[key] = Math.log1p(count);
  return vector;
}
