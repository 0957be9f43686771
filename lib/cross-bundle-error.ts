// Next bundles a module once per route (and once more for instrumentation and the proxy), while
// some objects are shared by all of them through globalThis (the Services, the page budget's
// store): an error thrown by one bundle's copy of a class must still be an instance of it to
// another's. A brand registered with Symbol.for stands in for the prototype chain.

/** A base for an Error class whose `instanceof` holds across copies of its module; `brand` names it. */
export function crossBundleError(brand: string) {
  const key = Symbol.for(brand);
  return class extends Error {
    constructor(message?: string, options?: ErrorOptions) {
      super(message, options);
      Object.defineProperty(this, key, { value: true });
    }

    static override [Symbol.hasInstance](value: unknown): boolean {
      return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[key] === true;
    }
  };
}
