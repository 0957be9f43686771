"use client";

/** A labelled file input for an exported JSON file: each choice is handed on once, and the input cleared. */
export function JsonFileInput({
  id,
  label,
  onFile,
}: {
  id: string;
  label: string;
  onFile: (file: File) => void;
}) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept="application/json,.json"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          e.currentTarget.value = "";
          if (file) onFile(file);
        }}
        className="text-sm file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1.5 file:font-medium dark:file:bg-slate-800 dark:file:text-slate-100"
      />
    </>
  );
}
