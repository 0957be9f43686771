// One colour per event type, used as a swatch beside the label (never as the only cue) and for
// the overview's bars. Full class names, so that Tailwind sees them.
import type { EventType } from "@/lib/upstream/vocabulary";

export const EVENT_TYPE_SWATCH: Record<EventType, string> = {
  earnings: "bg-blue-500",
  guidance: "bg-indigo-500",
  dividend: "bg-emerald-500",
  stock_split: "bg-teal-500",
  buyback: "bg-cyan-500",
  ma: "bg-violet-500",
  partnership: "bg-fuchsia-500",
  product_launch: "bg-pink-500",
  expansion: "bg-lime-500",
  regulatory: "bg-orange-500",
  legal: "bg-red-500",
  executive: "bg-amber-500",
  restructuring: "bg-stone-500",
  financing: "bg-sky-500",
  technology: "bg-purple-500",
  esg: "bg-green-600",
  analyst: "bg-yellow-400",
  market_commentary: "bg-slate-400",
  other: "bg-zinc-400",
};

/** The swatch class of a type, grey for a type this build does not know yet. */
export function swatchOf(eventType: string): string {
  return (EVENT_TYPE_SWATCH as Record<string, string>)[eventType] ?? "bg-neutral-400";
}
