"use client";

import Link from "next/link";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { type ComponentProps, useEffect } from "react";
import { pushWithProgress } from "@/components/layout/navigation-progress";

/** The element to focus once the page a form asked for (`url`) has rendered (see GetForm). */
let focusAfterSubmit: { id: string; url: string } | null = null;

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
  const url = `${usePathname()}?${useSearchParams()}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: url is the trigger (a page came), not a value used.
  useEffect(() => {
    // Taken up by the page the form asked for, whether the form was rendered anew with it or not
    // (the same filters from a later page): a request left behind would move the focus on a
    // later visit, Back to this page included.
    const pending = focusAfterSubmit;
    focusAfterSubmit = null;
    if (pending && pending.url === `${location.pathname}${location.search}`)
      document.getElementById(pending.id)?.focus();
  }, [url]);
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
        if (focusAfter && target !== `${location.pathname}${location.search}`)
          focusAfterSubmit = { id: focusAfter, url: target };
        pushWithProgress(router, target);
      }}
    />
  );
}

/**
 * A link to another page of a GetForm's results (Older, Newer): once that page shows, the focus
 * goes to `focusAfter`, as after the form's Apply, and is not left on a link at the foot of a page
 * shown from its top. The page's GetForm takes the request up.
 */
export function ResultsPageLink({
  focusAfter,
  href,
  ...props
}: Omit<ComponentProps<typeof Link>, "href" | "onClick"> & { href: string; focusAfter: string }) {
  return (
    <Link
      {...props}
      href={href}
      onClick={(event) => {
        if (event.button === 0 && !(event.metaKey || event.ctrlKey || event.shiftKey || event.altKey))
          focusAfterSubmit = { id: focusAfter, url: href };
      }}
    />
  );
}
