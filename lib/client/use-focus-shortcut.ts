import { type RefObject, useEffect } from "react";

const TEXT_FIELD = "input, textarea, select, [contenteditable='true'], [contenteditable='']";

/** Whether a key event's target is a text field (where a plain key, or Ctrl+Z, is the field's own). */
export const inTextField = (target: EventTarget | null) =>
  target instanceof Element && target.closest(TEXT_FIELD) !== null;

/**
 * `/` (outside a text field) focuses and selects `input`; with `commandK`, Ctrl/⌘+K does too, from
 * anywhere. With `yieldToPageSearch`, `/` is left to a page's own search box (`data-page-search`).
 */
export function useFocusShortcut(
  input: RefObject<HTMLInputElement | null>,
  { commandK = false, yieldToPageSearch = false }: { commandK?: boolean; yieldToPageSearch?: boolean } = {},
): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey) return;
      const command =
        commandK && event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey) && !event.shiftKey;
      const slash = event.key === "/" && !event.ctrlKey && !event.metaKey;
      if (!command && !slash) return;
      if (slash) {
        if (inTextField(event.target)) return;
        if (yieldToPageSearch && document.querySelector("[data-page-search]")) return;
      }
      event.preventDefault();
      input.current?.focus();
      input.current?.select();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [input, commandK, yieldToPageSearch]);
}
