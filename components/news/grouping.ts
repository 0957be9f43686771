// The feed by day over the stories loaded so far, keeping their order inside a day.
import type { TopNewsArticle } from "@/lib/api-types";

export interface DayGroup {
  date: string;
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

/** A React key for a story: two stories may share every field, so the position settles ties. */
export function articleKey(article: TopNewsArticle, index: number): string {
  return `${article.companyKey ?? ""}|${article.collectedAt}|${article.title}|${index}`;
}
