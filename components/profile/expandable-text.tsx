"use client";

import { useId, useState } from "react";
import { UpstreamText } from "@/components/ui/upstream-text";

/**
 * Long text collapsed to a few lines with "Read more"; the whole text is in the page either way,
 * and printed in full, and shown in full where there is no script to open it (data-clamped).
 */
export function ExpandableText({ paragraphs }: { paragraphs: string[] }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <div>
      <div
        id={id}
        data-clamped={open ? undefined : ""}
        className={`space-y-3 ${open ? "" : "max-h-32 overflow-hidden [mask-image:linear-gradient(to_bottom,black_60%,transparent)] print:max-h-none print:overflow-visible print:[mask-image:none]"}`}
      >
        {paragraphs.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text, never reordered.
          <p key={i}>
            <UpstreamText>{p}</UpstreamText>
          </p>
        ))}
      </div>
      <button
        type="button"
        data-needs-js=""
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
        className="mt-2 text-sm font-medium print:hidden text-brand-600 underline-offset-2 hover:underline dark:text-brand-100"
      >
        {open ? "Show less" : "Read more"}
      </button>
    </div>
  );
}
