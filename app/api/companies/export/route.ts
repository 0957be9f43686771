import { csvColumns, csvHeader, csvLine, exportWaitsFor } from "@/lib/directory/csv";
import { getConfig } from "@/lib/server/config";
import { chargeSize, errorBody, handler, parseQuery } from "@/lib/server/http/http";
import { companiesExportQuery, directoryQueryOf } from "@/lib/server/http/query-schemas";
import { getServices } from "@/lib/server/services/services";

export const dynamic = "force-dynamic";

const CHUNK = 1000;

/**
 * Every row of a directory view as CSV: for a spreadsheet (the default) with a BOM, so Excel reads
 * native names as UTF-8; plain (format=plain) without one, as pandas and R expect. ISIN and CUSIP
 * only for a viewer licensed to see them. The whole universe (set=all) is for signed-in people on
 * a real key, and every export counts against the client's limit by its size.
 */
export const GET = handler(async (request, viewer) => {
  const view = parseQuery(request, companiesExportQuery);
  if (view.set === "all" && !viewer.person && getConfig().upstream.baseUrl)
    return errorBody(403, [
      {
        message: "Exporting every company (set=all) is for people signed in.",
        parameter: "set",
        code: "sign_in_required",
      },
    ]);
  const { result, progress } = await getServices().companies.search(view.set, {
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
  const tooLarge = await chargeSize(request, rows.length, "This export");
  if (tooLarge) return tooLarge;
  const columns = csvColumns(viewer.licensed);
  const spreadsheet = view.format === "spreadsheet";
  let next = 0;
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`${spreadsheet ? "\uFEFF" : ""}${csvHeader(columns)}`));
    },
    pull(controller) {
      if (next >= rows.length) return controller.close();
      let chunk = "";
      for (const end = Math.min(rows.length, next + CHUNK); next < end; next++)
        chunk += csvLine((rows[next] as (typeof rows)[number]).company, view.format, columns);
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
      ...(viewer.licensed
        ? {}
        : { "x-left-out": "isin, cusip (licensed identifiers: sign in to export them)" }),
    },
  });
});
