import { UpstreamText } from "@/components/ui/upstream-text";

/**
 * The company a status line is about: its name when the index knows it, else the key from the
 * address (at most 60 characters of it), both as upstream text.
 */
export function NamedCompany({ name, companyKey }: { name?: string | null; companyKey?: string }) {
  if (name)
    return <UpstreamText className="font-semibold text-slate-900 dark:text-white">{name}</UpstreamText>;
  if (companyKey) return <UpstreamText className="font-mono">{companyKey.slice(0, 60)}</UpstreamText>;
  return null;
}
