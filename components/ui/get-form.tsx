"use client";

import { useRouter } from "next/navigation";
import { type ComponentProps, useEffect } from "react";

/** The element to focus once the page a form asked for has rendered (see GetForm). */
let focusAfterSubmit: string | null = null;

/**
 * A GET form whose fields left empty ("every …") stay out of the URL. With a script it is a client
 * navigation straight to that URL; without one the browser submits the empty values too, and the
 * page redirects to the tidy URL. `focusAfter` names the element (focusable: tabIndex -1) that takes
 * the focus once the new results show: a form keyed by its filters is rendered anew with them, and
 * its button, which had the focus, with it (the focus fell to the page).
 */
export function GetForm({
  action,
  focusAfter,
  ...props
}: Omit<ComponentProps<"form">, "action" | "method" | "onSubmit"> & { action: string; focusAfter?: string }) {
  const router = useRouter();
  useEffect(() => {
    if (!focusAfterSubmit) return;
    document.getElementById(focusAfterSubmit)?.focus();
    focusAfterSubmit = null;
  }, []);
  return (
    <form
      {...props}
      action={action}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const params = new URLSearchParams();
        for (const [name, value] of new FormData(event.currentTarget))
          if (typeof value === "string" && value !== "") params.append(name, value);
        const query = params.toString();
        const target = query ? `${action}?${query}` : action;
        // The same filters again: nothing is rendered anew, and the focus stays on the button.
        if (target !== `${location.pathname}${location.search}`) focusAfterSubmit = focusAfter ?? null;
        router.push(target);
      }}
    />
  );
}
