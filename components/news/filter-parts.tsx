import { type ReactNode, useId } from "react";

/** A filter group: a fieldset with a visible legend and an optional explanation under it. */
export function FilterGroup({
  legend,
  hint,
  disabled = false,
  children,
}: {
  legend: string;
  hint?: ReactNode;
  disabled?: boolean;
  children: ReactNode;
}) {
  const hintId = useId();
  return (
    <fieldset
      disabled={disabled}
      aria-describedby={hint ? hintId : undefined}
      className="min-w-0 border-t border-slate-200 pt-4 dark:border-slate-800"
    >
      <legend className="float-left mb-2 w-full text-sm font-semibold text-slate-900 dark:text-slate-100">
        {legend}
      </legend>
      <div className={`clear-left space-y-2 ${disabled ? "opacity-60" : ""}`}>{children}</div>
      {hint && (
        <p id={hintId} className="clear-left mt-2 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </fieldset>
  );
}

export { inputClass } from "@/components/ui/company-combobox";

export const chipButtonClass =
  "rounded-md px-2.5 py-1 text-xs font-medium ring-1 ring-inset ring-slate-300 text-slate-700 hover:bg-slate-100 aria-pressed:bg-brand-600 aria-pressed:text-white aria-pressed:ring-brand-600 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800 dark:aria-pressed:bg-brand-500 dark:aria-pressed:ring-brand-500";

export const linkButtonClass =
  "text-xs font-medium text-brand-600 hover:underline disabled:text-slate-400 disabled:no-underline dark:text-sky-300";
