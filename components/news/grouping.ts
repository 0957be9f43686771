// The feed's grouped views over the stories loaded so far. Both keep the API's order (importance,
// then newest) inside a group.
import type { TopNewsArticle } from "@/lib/api-types";

export interface DayGroup {
  date: string;
  articles: TopNewsArticle[];
}

export interface CompanyGroup {
  /** companyKey, or "" for stories that name no company. */
  companyKey: string;
  articles: TopNewsArticle[];
}

/** By UTC story date, newest day first. */
export function groupByDay(articles: readonly TopNewsArticle[]): DayGroup[] {
  const groups = new Map<string, TopNewsArticle[]>();
  for (const article of articles) {
    const list = groups.get(article.date);
    if (list) list.push(article);
    else groups.set(article.date, [article]);
  }
  return [...groups]
    .map(([date, list]) => ({ date, articles: list }))
    .sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** By company, in the order of each company's most important story: several stories fold together. */
export function groupByCompany(articles: readonly TopNewsArticle[]): CompanyGroup[] {
  const groups = new Map<string, TopNewsArticle[]>();
  for (const article of articles) {
    const key = article.companyKey ?? "";
    const list = groups.get(key);
    if (list) list.push(article);
    else groups.set(key, [article]);
  }
  return [...groups].map(([companyKey, list]) => ({ companyKey, articles: list }));
}

/** A React key for a story: two stories may share every field, so the position settles ties. */
export function articleKey(article: TopNewsArticle, index: number): string {
  return `${article.companyKey ?? ""}|${article.collectedAt}|${article.title}|${index}`;
}
