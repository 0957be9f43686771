/** A segmented choice built on real radio buttons (arrow keys move between them), each option with an optional count. */
export function Segmented<T extends string>({
  name,
  label,
  value,
  options,
  onChange,
}: {
  name: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string; count?: number; disabled?: boolean }[];
  onChange: (value: T) => void;
}) {
  return (
    <div role="radiogroup" aria-label={label} className="inline-flex flex-wrap gap-1.5">
      {options.map((option) => (
        <label key={option.value} className="relative">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            disabled={option.disabled}
            onChange={() => onChange(option.value)}
            className="peer absolute inset-0 size-full cursor-pointer appearance-none rounded-md opacity-0 disabled:cursor-not-allowed"
          />
          <span className="block cursor-pointer rounded-md px-2.5 py-1 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-300 peer-checked:bg-brand-600 peer-checked:text-white peer-checked:ring-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 hover:bg-slate-100 peer-checked:hover:bg-brand-700 peer-disabled:opacity-60 dark:text-slate-200 dark:ring-slate-600 dark:hover:bg-slate-800 dark:peer-checked:bg-brand-500 dark:peer-checked:ring-brand-500">
            {option.label}
            {option.count !== undefined && (
              <span className="tabular-nums"> ({option.count.toLocaleString("en-US")})</span>
            )}
          </span>
        </label>
      ))}
    </div>
  );
}
