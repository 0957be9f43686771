/**
 * Text from the data service, as text: React escapes it, <bdi> isolates it so a bidirectional
 * override inside (U+202E and the like) cannot reorder the interface around it, and it may break
 * anywhere so a 300-character word wraps instead of widening the page. Use it for any name,
 * description or other upstream string shown next to other text.
 */
export function UpstreamText({
  children,
  className,
  lang,
  dir,
}: {
  children: string | null | undefined;
  className?: string;
  lang?: string;
  dir?: "ltr" | "rtl" | "auto";
}) {
  return (
    <bdi lang={lang} dir={dir} className={className ? `wrap-anywhere ${className}` : "wrap-anywhere"}>
      {children}
    </bdi>
  );
}
