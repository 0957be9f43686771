"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { setNonce } from "get-nonce";
import type { ReactNode, RefObject } from "react";

// Radix locks the page's scrolling with a <style> element it adds. This site's policy applies only a
// <style> that carries the page's nonce (lib/security/headers.ts), so it carries the one the page's
// own scripts carry (a script's nonce is readable as a property, never as an attribute).
if (typeof document !== "undefined")
  setNonce(document.querySelector<HTMLScriptElement>("script[nonce]")?.nonce ?? "");

/**
 * The filters on a narrow window: a full-screen modal dialog (Radix). It keeps focus inside and Tab
 * going round, hides the page behind from assistive technology and locks its scrolling, closes on
 * Escape, and hands focus back to `opener` once closed. Its own chunk: the directory loads it only
 * once its window is narrow, so no other page or width pays for it.
 */
export default function FiltersDialog({
  onClose,
  opener,
  children,
}: {
  onClose: () => void;
  opener: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/40" />
        <Dialog.Content
          id="directory-filters"
          // The filters are the whole of it: no description to point at.
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // To the Filters button, even where a click did not focus it (Safari).
            event.preventDefault();
            opener.current?.focus();
          }}
          className="fixed inset-0 z-40 h-dvh w-full overflow-auto bg-white p-4 text-slate-900 dark:bg-slate-950 dark:text-slate-100"
        >
          <Dialog.Title className="text-lg font-semibold">Filters</Dialog.Title>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
