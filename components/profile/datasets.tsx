import { Badge } from "@/components/ui/badge";
import { plainText } from "@/lib/format";
import { DATASET_LABELS, DATASETS, isKnownDataset, labelOf } from "@/lib/upstream/vocabulary";

/** Every dataset the API lists for the company, and the known ones it does not. */
export function Datasets({ available }: { available: readonly string[] }) {
  const absent = DATASETS.filter((d) => !available.includes(d));
  return (
    <div className="space-y-4 text-sm">
      <div>
        <h3 className="mb-2 font-semibold">Available ({available.length})</h3>
        {available.length === 0 ? (
          <p className="text-slate-600 dark:text-slate-300">
            None: the company is outside the API-enabled set, so no dataset endpoint serves it.
          </p>
        ) : (
          <ul className="flex flex-wrap gap-2" aria-label="Available datasets">
            {available.map((d) => (
              <li key={d}>
                {isKnownDataset(d) ? (
                  <Badge tone="good">
                    <span aria-hidden="true" className="mr-1">
                      ✓
                    </span>
                    {DATASET_LABELS[d]}
                  </Badge>
                ) : (
                  <Badge
                    tone="info"
                    title={`"${plainText(d)}" is newer than this app: shown for information.`}
                  >
                    {labelOf(DATASET_LABELS, d)}
                    <span className="ml-1 font-normal">(new, informational)</span>
                  </Badge>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {absent.length > 0 && (
        <div>
          <h3 className="mb-2 font-semibold">Not available ({absent.length})</h3>
          <ul className="flex flex-wrap gap-2" aria-label="Datasets not available">
            {absent.map((d) => (
              <li key={d}>
                <Badge tone="neutral">
                  <span aria-hidden="true" className="mr-1">
                    ✕
                  </span>
                  {DATASET_LABELS[d]}
                </Badge>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
            The list reflects the data that exists for this company, not your plan: endpoints for the datasets
            above answer 404 for it.
          </p>
        </div>
      )}
    </div>
  );
}
