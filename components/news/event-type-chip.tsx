import { EVENT_TYPE_LABELS, labelOf } from "@/lib/upstream/vocabulary";
import { swatchOf } from "./event-colors";

export function eventTypeLabel(eventType: string): string {
  return labelOf(EVENT_TYPE_LABELS, eventType);
}

/** A coloured swatch beside the event type's label. */
export function EventTypeChip({ eventType }: { eventType: string }) {
  return (
    <span className="inline-flex items-center gap-1.5 whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium text-slate-700 ring-1 ring-inset ring-slate-200 dark:text-slate-200 dark:ring-slate-700">
      <span aria-hidden="true" className={`size-2 rounded-full ${swatchOf(eventType)}`} />
      {eventTypeLabel(eventType)}
    </span>
  );
}
