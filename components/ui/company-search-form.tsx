import { useId } from "react";

/**
 * A plain GET form to the directory's search: works without JavaScript, where
 * a profile cannot be shown (an unknown company, one outside the plan). `label` names its search
 * landmark, which must differ from any other on the page.
 */
export function CompanySearchForm({
  label = "Search companies",
  defaultValue,
  className = "max-w-lg",
}: {
  label?: string;
  defaultValue?: string;
  className?: string;
}) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a form with role="search" is a search landmark in every screen reader; the <search> element not yet everywhere.
    <form action="/companies" role="search" aria-label={label} className={`flex gap-2 ${className}`}>
      <label htmlFor={id} className="sr-only">
        Company name, ticker or identifier
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder="Name, ticker, ISIN, FIGI, CIK…"
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 dark:bg-brand-500"
      >
        Search
      </button>
    </form>
  );
}
