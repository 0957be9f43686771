// The sandbox in the other shapes a faithful service may plausibly send (SANDBOX_SHAPES), for the
// parts the contract leaves open or where the vendor's own material differs from the sandbox:
// - lean: top news and company news in the list envelope with only `hasNextPage` (as a mock in the
//   vendor's own repository); an article's importance as text and its collection time without a
//   zone;
// - bare: top news as a bare array of articles (company news too, as the contract has it), its
//   market caps as text.
// In both, null fields are left out and every object carries fields the contract does not name.
// A wrapper around the handler: the contract's answers, reshaped on their way out.
import type { SandboxHandler } from "./types";

export const SANDBOX_SHAPES = ["contract", "lean", "bare"] as const;
export type SandboxShape = (typeof SANDBOX_SHAPES)[number];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Nulls left out, and a field the contract does not name added to every object. */
function loosen(value: Json, shape: SandboxShape): Json {
  if (Array.isArray(value)) return value.map((item) => loosen(item, shape));
  if (value === null || typeof value !== "object") return value;
  const out: { [key: string]: Json } = {};
  for (const [key, field] of Object.entries(value)) if (field !== null) out[key] = loosen(field, shape);
  out.sandboxShape = { name: shape, note: "a field the contract does not name" };
  return out;
}

type Article = { [key: string]: Json };

/** An article as the lean shape writes it: importance as text, the collection time without a zone. */
function leanArticle(article: Article): Article {
  const collectedAt = typeof article.collectedAt === "string" ? article.collectedAt : "";
  return {
    ...article,
    importance: String(article.importance),
    collectedAt: collectedAt.replace("T", " ").replace(/Z$/, ""),
  };
}

/** An article as the bare shape writes it: its market cap as text. */
function bareArticle(article: Article): Article {
  return typeof article.marketCapUsd === "number"
    ? { ...article, marketCapUsd: String(article.marketCapUsd) }
    : article;
}

function reshape(path: string, body: Json, shape: SandboxShape): Json {
  const loose = loosen(body, shape);
  const news = path === "/v1/top-news" || path === "/v1/company/news";
  if (!news) return loose;
  const page = loose as { data?: Article[]; pagination?: { hasNextPage?: boolean } } | Article[];
  const articles = Array.isArray(page) ? page : (page.data ?? []);
  const hasNextPage = Array.isArray(page) ? false : page.pagination?.hasNextPage === true;
  if (shape === "lean") return { data: articles.map(leanArticle), pagination: { hasNextPage } };
  return articles.map(bareArticle);
}

/** The handler, its 200 JSON answers in `shape`. */
export function withShapes(handler: SandboxHandler, shape: SandboxShape): SandboxHandler {
  if (shape === "contract") return handler;
  return async (request) => {
    const response = await handler(request);
    if (response.status !== 200 || !response.headers.get("content-type")?.includes("application/json"))
      return response;
    const path = new URL(request.url).pathname.replace(/\/+$/, "");
    const body = reshape(path, (await response.json()) as Json, shape);
    const headers = new Headers(response.headers);
    headers.delete("content-length");
    return new Response(JSON.stringify(body), { status: 200, headers });
  };
}
