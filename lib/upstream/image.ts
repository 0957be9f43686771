// A logo's format, told by its bytes rather than by the content type a CDN labels it with, and
// whether it came whole: a body cut short fails the check of its format's ending.

export type ImageType = "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "image/svg+xml";

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((b, i) => bytes[at + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Up to the first <svg: an XML declaration, comments, a doctype, whitespace; a UTF-8 BOM before. */
const SVG_START =
  /^\uFEFF?\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*(<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>/]/i;

/** The image format of `bytes`, or null when they are none this app shows. */
export function imageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  const head = new TextDecoder().decode(bytes.subarray(0, 4096));
  return SVG_START.test(head) ? "image/svg+xml" : null;
}

/** Whether `bytes` of `type` end as that format ends: a body cut short does not. */
export function isCompleteImage(bytes: Uint8Array, type: ImageType): boolean {
  const n = bytes.length;
  switch (type) {
    case "image/png":
      // The last 12 bytes: length 0, "IEND", CRC.
      return n >= 20 && startsWith(bytes, ascii("IEND"), n - 8);
    case "image/jpeg":
      return n >= 4 && bytes[n - 2] === 0xff && bytes[n - 1] === 0xd9;
    case "image/gif":
      return n >= 14 && bytes[n - 1] === 0x3b;
    case "image/webp": {
      // RIFF's size field counts the bytes after it.
      const size =
        (bytes[4] ?? 0) | ((bytes[5] ?? 0) << 8) | ((bytes[6] ?? 0) << 16) | ((bytes[7] ?? 0) << 24);
      return n >= 16 && size + 8 === n;
    }
    case "image/svg+xml":
      return /<\/svg\s*>\s*$/i.test(new TextDecoder().decode(bytes.subarray(Math.max(0, n - 256))));
  }
}
