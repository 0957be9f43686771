"use client";

import { useEffect, useRef } from "react";
import type { CsvFlavor } from "@/lib/directory/csv";

const FLAVORS: { flavor: CsvFlavor; label: string; detail: string }[] = [
  {
    flavor: "spreadsheet",
    label: "Spreadsheet CSV",
    detail: 'For Excel, Numbers or Sheets: tickers and CIKs kept as text (="6236"), formulas defused.',
  },
  {
    flavor: "plain",
    label: "Plain CSV",
    detail: "For pandas, R and scripts: every value as it is, no BOM.",
  },
];

/**
 * The directory view's export, in the two CSV flavours, each saying what it is for. A <details>,
 * so it works without script; with it, a choice, a click elsewhere or Escape closes it.
 */
export function ExportMenu({
  href,
  count,
  waitsFor,
}: {
  href: string;
  count: string;
  /** Why there is nothing to export yet (see exportWaitsFor): said in place of the choices. */
  waitsFor?: string | null;
}) {
  const root = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const onDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) root.current.open = false;
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !root.current?.open) return;
      root.current.open = false;
      root.current.querySelector("summary")?.focus();
    };
    document.addEventListener("pointerdown", onDown);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onDown);
      document.removeEventListener("keydown", onKey);
    };
  }, []);
  const withFormat = (flavor: CsvFlavor) => `${href}${href.includes("?") ? "&" : "?"}format=${flavor}`;
  return (
    <details ref={root} className="relative">
      <summary className="cursor-pointer list-none rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden">
        Export CSV
        {/* The count only where there is room: on a narrow window it would wrap the row when the data arrives. */}
        <span className="hidden sm:inline">{count}</span>
        <span aria-hidden="true" className="ml-1 text-xs">
          ▾
        </span>
      </summary>
      <ul className="absolute right-0 z-20 mt-1 w-72 space-y-1 rounded-lg border border-slate-200 bg-white p-2 shadow-lg dark:border-slate-700 dark:bg-slate-900">
        {waitsFor ? (
          <li className="px-2 py-1.5 text-sm text-slate-700 dark:text-slate-300">{waitsFor}</li>
        ) : (
          FLAVORS.map(({ flavor, label, detail }) => (
            <li key={flavor}>
              <a
                href={withFormat(flavor)}
                download
                onClick={() => {
                  if (root.current) root.current.open = false;
                }}
                className="block rounded px-2 py-1.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <span className="block text-sm font-medium text-brand-700 dark:text-brand-100">{label}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">{detail}</span>
              </a>
            </li>
          ))
        )}
      </ul>
    </details>
  );
}
