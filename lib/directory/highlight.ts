// Which parts of a name match the query: case-, accent- and punctuation-insensitive, at word
// starts, as the index matches names. Ranges index the original text.

function fold(char: string): string {
  return char.normalize("NFKD").replace(/\p{M}/gu, "").toLowerCase();
}

/** [start, end) ranges of `text` that match the query's words as word prefixes, merged. */
export function highlightRanges(text: string, query: string): [number, number][] {
  const words = query
    .split(/[^\p{L}\p{N}]+/u)
    .map((w) => [...w].map(fold).join(""))
    .filter(Boolean);
  if (words.length === 0 || !text) return [];
  // Folded text, with each folded character's source index.
  let folded = "";
  const source: number[] = [];
  let index = 0;
  for (const char of text) {
    const f = fold(char);
    for (let k = 0; k < f.length; k++) source.push(index);
    folded += f;
    index += char.length;
  }
  source.push(text.length);
  const ranges: [number, number][] = [];
  for (const word of words) {
    for (let at = folded.indexOf(word); at >= 0; at = folded.indexOf(word, at + 1)) {
      const before = at === 0 ? "" : (folded[at - 1] as string);
      if (at > 0 && /[\p{L}\p{N}]/u.test(before)) continue;
      ranges.push([source[at] as number, source[at + word.length] as number]);
    }
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const range of ranges) {
    const last = merged.at(-1);
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}
