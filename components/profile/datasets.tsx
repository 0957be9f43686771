import { Badge } from "@/components/ui/badge";
import { plainText } from "@/lib/format";
import { DATASET_LABELS, DATASETS, isKnownDataset, labelOf } from "@/lib/upstream/vocabulary";

/** "A", "A and B", "A, B and C". */
function listed(labels: string[]): string {
  return labels.length < 2 ? (labels[0] ?? "") : `${labels.slice(0, -1).join(", ")} and ${labels.at(-1)}`;
}

/** The datasets this app itself shows (the profile's news section and the logos). */
const SHOWN_HERE: readonly string[] = ["news", "logos"];

/** Every dataset the API lists for the company, and the known ones it does not. */
export function Datasets({ available }: { available: readonly string[] }) {
  const absent = DATASETS.filter((d) => !available.includes(d));
  const elsewhere = available.filter((d) => !SHOWN_HERE.includes(d)).map((d) => labelOf(DATASET_LABELS, d));
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
        {elsewhere.length > 0 && (
          <p className="mt-2 text-xs text-slate-600 dark:text-slate-300" data-testid="datasets-elsewhere">
            {listed(elsewhere)} {elsewhere.length === 1 ? "comes" : "come"} from the data provider&apos;s
            other APIs and {elsewhere.length === 1 ? "is" : "are"} not shown in this app; only news and logos
            are.
          </p>
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
