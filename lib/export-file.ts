// A file a person chose to import (an exported list or saved views): its text, or why it was not
// read. Browser-safe.

/**
 * The largest file read: an exported list of 50 companies or 100 saved views is well under 100 KB.
 * Checked before the file is read, so a huge one is never parsed.
 */
export const MAX_FILE_BYTES = 1_000_000;

/** The file's text, or a message saying why it was not read; `what` names what the file should hold. */
export async function readChosenFile(
  file: Pick<Blob, "size" | "text">,
  what: string,
): Promise<{ ok: true; text: string } | { ok: false; message: string }> {
  if (file.size > MAX_FILE_BYTES)
    return {
      ok: false,
      message: `This file is too large for ${what} (more than ${MAX_FILE_BYTES / 1_000_000} MB). Choose a file exported from this page.`,
    };
  try {
    return { ok: true, text: await file.text() };
  } catch {
    return { ok: false, message: "This file could not be read. Choose it again, or another file." };
  }
}
