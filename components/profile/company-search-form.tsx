import { useId } from "react";

/** A plain GET form to the directory: works without JavaScript. */
export function CompanySearchForm({ defaultValue }: { defaultValue?: string }) {
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: the <search> element is not yet in every browser this app supports.
    <form action="/companies" role="search" aria-label="Search companies" className="flex max-w-lg gap-2">
      <label htmlFor={id} className="sr-only">
        Company name, ticker or identifier
      </label>
      <input
        id={id}
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder="Name, ticker, FIGI, ISIN, CIK…"
        className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
      />
      <button
        type="submit"
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
      >
        Search
      </button>
    </form>
  );
}
