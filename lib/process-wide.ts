// The objects one server process must hold once: the services, the sandbox, the limits, the
// front. Next bundles a module once per route, and again for proxy.ts and instrumentation.ts,
// so a module's own `let` would be one per bundle; these live in one registry on globalThis
// instead, under one symbol, each by its name. Nothing else in the app keeps state on globalThis.

const REGISTRY = Symbol.for("fiscal-atlas.process-wide");
type Holder = { [REGISTRY]?: Map<string, unknown> };

function registry(): Map<string, unknown> {
  const holder = globalThis as Holder;
  holder[REGISTRY] ??= new Map();
  return holder[REGISTRY];
}

/** The process's one `name`, made by `create` on first use. */
export function processWide<T>(name: string, create: () => T): T {
  const all = registry();
  if (!all.has(name)) all.set(name, create());
  return all.get(name) as T;
}

/** The process's `name` if it was made, without making it. */
export function madeProcessWide<T>(name: string): T | undefined {
  return registry().get(name) as T | undefined;
}

/** Sets the process's `name` (`undefined`: forgets it, to be made again on next use). */
export function setProcessWide<T>(name: string, value: T | undefined): void {
  if (value === undefined) registry().delete(name);
  else registry().set(name, value);
}
