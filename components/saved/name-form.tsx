"use client";

// The form that names what is kept (a view saved, a list made or renamed): a field that takes the
// focus with its text selected, a submit and a Cancel, Escape for Cancel, and a line under it.
import { type ReactNode, useEffect, useRef } from "react";
import { MAX_SAVED_NAME } from "@/lib/saved/views";

const CANCEL =
  "rounded-md px-3 py-1 font-medium ring-1 ring-inset ring-slate-300 hover:bg-slate-100 dark:ring-slate-600 dark:hover:bg-slate-800";

export function NameForm({
  id,
  label,
  fieldLabel = "Name",
  value,
  onChange,
  onSubmit,
  onCancel,
  submit,
  hint,
  refocus = 0,
}: {
  /** The form's id (a toggle's aria-controls); the field's is `${id}-name`. */
  id: string;
  /** The form's accessible name ("Save this news view"). */
  label: string;
  fieldLabel?: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  onCancel: () => void;
  /** The submit button's words. */
  submit: string;
  /** The line under the form: what submitting does, or why it was refused. */
  hint?: ReactNode;
  /** Changed to give the field the focus again (a name refused). */
  refocus?: number;
}) {
  const field = useRef<HTMLInputElement>(null);
  // On opening, and again each time `refocus` changes.
  useEffect(() => {
    field.current?.focus();
    if (refocus === 0) field.current?.select();
  }, [refocus]);
  return (
    <form
      id={id}
      aria-label={label}
      className="flex w-full flex-wrap items-center gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") onCancel();
      }}
    >
      <label htmlFor={`${id}-name`} className="font-medium">
        {fieldLabel}
      </label>
      <input
        ref={field}
        id={`${id}-name`}
        value={value}
        maxLength={MAX_SAVED_NAME}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className="min-w-48 flex-1 rounded-md border border-slate-300 bg-white px-2 py-1 dark:border-slate-600 dark:bg-slate-900"
      />
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-3 py-1 font-medium text-white hover:bg-brand-700"
      >
        {submit}
      </button>
      <button type="button" className={CANCEL} onClick={onCancel}>
        Cancel
      </button>
      {hint && (
        <p id={`${id}-hint`} className="w-full text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </form>
  );
}
