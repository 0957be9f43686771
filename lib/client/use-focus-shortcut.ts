import { type RefObject, useEffect } from "react";

const TEXT_FIELD = "input, textarea, select, [contenteditable='true'], [contenteditable='']";

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
        const target = event.target as HTMLElement | null;
        if (target?.closest(TEXT_FIELD)) return;
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
