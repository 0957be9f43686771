// Text normalisation for search: case, accents and punctuation never matter.

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NON_WORD = /[^\p{L}\p{N}]+/gu;

/** Lower case, accents stripped, punctuation as spaces, collapsed. "Société Générale, S.A." -> "societe generale s a" */
export function normalizeText(text: string): string {
  return text.normalize("NFD").replace(COMBINING_MARKS, "").toLowerCase().replace(NON_WORD, " ").trim();
}

export function tokens(text: string): string[] {
  const normalized = normalizeText(text);
  return normalized ? normalized.split(" ") : [];
}

// Reused rows for editDistance: the fuzzy search calls it for every vocabulary token.
let rowA = new Int32Array(64);
let rowB = new Int32Array(64);
let rowC = new Int32Array(64);

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions) between `a` and
 * the first `bLength` characters of `b`, bounded: returns max + 1 as soon as it must exceed max.
 */
export function editDistance(a: string, b: string, max: number, bLength = b.length): number {
  const n = Math.min(bLength, b.length);
  if (Math.abs(a.length - n) > max) return max + 1;
  if (n + 1 > rowA.length) {
    rowA = new Int32Array(n + 1);
    rowB = new Int32Array(n + 1);
    rowC = new Int32Array(n + 1);
  }
  let prevPrev = rowA;
  let prev = rowB;
  let current = rowC;
  for (let j = 0; j <= n; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    const ai = a.charCodeAt(i - 1);
    for (let j = 1; j <= n; j++) {
      const bj = b.charCodeAt(j - 1);
      let value = Math.min(
        (prev[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (prev[j - 1] as number) + (ai === bj ? 0 : 1),
      );
      if (i > 1 && j > 1 && ai === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === bj) {
        value = Math.min(value, (prevPrev[j - 2] as number) + 1);
      }
      current[j] = value;
      if (value < rowMin) rowMin = value;
    }
    if (rowMin > max) return max + 1;
    const spare = prevPrev;
    prevPrev = prev;
    prev = current;
    current = spare;
  }
  return prev[n] as number;
}
