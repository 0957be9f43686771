"use client";

import { useRouter } from "next/navigation";
import type { ComponentProps } from "react";

/**
 * A GET form whose fields left empty ("every …") stay out of the URL. With a script it is a client
 * navigation straight to that URL; without one the browser submits the empty values too, and the
 * page redirects to the tidy URL.
 */
export function GetForm({
  action,
  ...props
}: Omit<ComponentProps<"form">, "action" | "method" | "onSubmit"> & { action: string }) {
  const router = useRouter();
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
        router.push(query ? `${action}?${query}` : action);
      }}
    />
  );
}
