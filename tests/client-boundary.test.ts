// A server module that imports a value (not a component) from a "use client" module receives a
// client reference, a function, in place of the value: a constant turns into a function and the
// code using it fails at run time. Server code may import only components from client modules.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

const isClient = (text: string) => /^(\s*\/\/[^\n]*\n|\s*\/\*[\s\S]*?\*\/)*\s*["']use client["']/.test(text);

function resolve(from: string, specifier: string): string | null {
  const base = specifier.startsWith("@/")
    ? path.join(root, specifier.slice(2))
    : specifier.startsWith(".")
      ? path.resolve(path.dirname(path.join(root, from)), specifier)
      : null;
  if (!base) return null;
  return [".ts", ".tsx", "/index.ts", "/index.tsx"].map((ext) => base + ext).find(existsSync) ?? null;
}

/** The value names a module imports from each specifier (type-only imports left out). */
function valueImports(text: string): { names: string[]; from: string }[] {
  const out: { names: string[]; from: string }[] = [];
  for (const match of text.matchAll(/^import\s+(?!type\b)([^;"']*?)\s+from\s+["']([^"']+)["']/gm)) {
    const clause = match[1] ?? "";
    const names: string[] = [];
    const named = /\{([\s\S]*)\}/.exec(clause)?.[1];
    for (const part of named?.split(",") ?? []) {
      const name = part.trim();
      if (name && !name.startsWith("type ")) names.push(name.split(/\s+as\s+/)[0] ?? name);
    }
    const head = clause
      .replace(/\{[\s\S]*\}/, "")
      .replace(/,/g, " ")
      .trim();
    if (head) names.push(head.startsWith("* as") ? "*" : head);
    out.push({ names, from: match[2] ?? "" });
  }
  return out;
}

/** PascalCase, as components are named; not a constant in capitals (PAGE_SIZE). */
const isComponentName = (name: string) => /^[A-Z]/.test(name) && /[a-z]/.test(name);

describe("the server/client boundary", () => {
  it("finds a value imported from a client module (the check itself)", () => {
    expect(valueImports('import { type A, B, c as d } from "x";\nimport E from "y";')).toEqual([
      { names: ["B", "c"], from: "x" },
      { names: ["E"], from: "y" },
    ]);
    expect(isClient('// why\n"use client";\nexport const x = 1;')).toBe(true);
    expect(isClient('export const x = "use client";')).toBe(false);
    expect(["DirectoryView", "PAGE_SIZE", "useDirectory"].map(isComponentName)).toEqual([true, false, false]);
  });

  it("server modules import only components (PascalCase names) from client modules", () => {
    const offenders: string[] = [];
    for (const file of [...sources("app"), ...sources("lib"), ...sources("components")]) {
      const text = readFileSync(path.join(root, file), "utf8");
      if (isClient(text)) continue;
      for (const { names, from } of valueImports(text)) {
        const target = resolve(file, from);
        if (!target || !isClient(readFileSync(target, "utf8"))) continue;
        for (const name of names) if (!isComponentName(name)) offenders.push(`${file}: ${name} from ${from}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("lib/ modules import nothing, not even a type, from components/", () => {
    const offenders = sources("lib").filter((file) =>
      /^import[^;]*from\s+["']@\/components\//m.test(readFileSync(path.join(root, file), "utf8")),
    );
    expect(offenders).toEqual([]);
  });

  it("the browser reads /api answers with the types of lib/api-types, which route handlers build", () => {
    const offenders: string[] = [];
    for (const file of sources("components")) {
      const text = readFileSync(path.join(root, file), "utf8");
      const shared = new Set(
        [...text.matchAll(/^import\s+type\s+\{([^}]*)\}\s+from\s+["']@\/lib\/api-types["']/gm)].flatMap((m) =>
          (m[1] ?? "").split(",").map((name) => name.trim()),
        ),
      );
      for (const match of text.matchAll(/getJson<\s*([A-Za-z]+)/g))
        if (!shared.has(match[1] ?? "")) offenders.push(`${file}: getJson<${match[1]}>`);
    }
    expect(offenders).toEqual([]);
  });
});
