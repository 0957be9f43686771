import { csvHeader, csvLine, exportWaitsFor } from "@/lib/directory/csv";
import { errorBody, handler, parseQuery } from "@/lib/server/http";
import { companiesExportQuery, directoryQueryOf } from "@/lib/server/query-schemas";
import { getServices } from "@/lib/server/services";

export const dynamic = "force-dynamic";

const CHUNK = 1000;

/**
 * Every row of a directory view as CSV: for a spreadsheet (the default) with a BOM, so Excel reads
 * native names as UTF-8; plain (format=plain) without one, as pandas and R expect.
 */
export const GET = handler(async (request) => {
  const view = parseQuery(request, companiesExportQuery);
  const { result, progress } = await getServices().search(view.set, {
    ...directoryQueryOf(view),
    offset: 0,
    limit: Number.MAX_SAFE_INTEGER,
  });
  const waits = exportWaitsFor(progress);
  if (waits)
    return progress.state === "unavailable"
      ? errorBody(403, [{ message: waits, parameter: "set" }])
      : errorBody(503, [{ message: waits }], { "retry-after": "10" });
  const rows = result.hits;
  const spreadsheet = view.format === "spreadsheet";
  let next = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${spreadsheet ? "\uFEFF" : ""}${csvHeader()}`));
    },
    pull(controller) {
      if (next >= rows.length) return controller.close();
      let chunk = "";
      for (const end = Math.min(rows.length, next + CHUNK); next < end; next++)
        chunk += csvLine((rows[next] as (typeof rows)[number]).company, view.format);
      controller.enqueue(encoder.encode(chunk));
    },
  });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(body, {
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="companies-${day}${spreadsheet ? "-spreadsheet" : ""}.csv"`,
      "cache-control": "no-store",
      "x-total-count": String(result.total),
    },
  });
});
