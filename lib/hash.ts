// A small, stable hash of a string (FNV-1a, 32 bits): for seeding by name, and for ids that every
// browser must derive alike. Not for secrets. Browser-safe.

export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}
