// A `window` with an in-memory localStorage, for unit tests of browser-storage code under Node.
import { vi } from "vitest";

export function stubBrowserStorage(): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal("window", {
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
      removeItem: (key: string) => void store.delete(key),
      clear: () => store.clear(),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  return store;
}
