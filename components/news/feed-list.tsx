import type { TopNewsArticle } from "@/lib/api-types";
import { formatCount, formatUtcDay } from "@/lib/format";
import type { FeedDensity, FeedGroup } from "@/lib/news/feed-state";
import { ArticleCard } from "./article-card";
import { articleKey, groupByDay } from "./grouping";
import { HeadlineColumns, HeadlineList } from "./headline-list";

/** "1 story", "795 stories"; "at least 31 stories" when the service did not give the total (`known` false). */
export const stories = (n: number, known = true) =>
  `${known ? "" : "at least "}${n === 1 ? "1 story" : `${formatCount(n)} stories`}`;

/**
 * The loaded stories as a list in the order asked for, or by day, in the chosen density (cards, or
 * one headline line each); by company is counted on the server (company-tally.tsx). `complete`:
 * every page is loaded, so a day's count is the whole day's, not what has loaded so far.
 */
export function FeedList({
  articles,
  group,
  density,
  hasLogo,
  complete,
}: {
  articles: readonly TopNewsArticle[];
  group: Exclude<FeedGroup, "company">;
  density: FeedDensity;
  hasLogo: (companyKey: string) => boolean;
  complete: boolean;
}) {
  const logo = (a: TopNewsArticle) => (a.companyKey ? hasLogo(a.companyKey) : false);
  // A sticky day heading is read far from the note above the list: it says the count is partial.
  const count = (n: number) => (complete ? stories(n) : `${stories(n)} loaded`);
  const headlines = density === "headlines";

  if (group === "day") {
    return (
      <div className="space-y-8">
        {groupByDay(articles).map((group) => {
          const ms = Date.parse(`${group.date}T00:00:00Z`);
          return (
            <section key={group.date} aria-labelledby={`day-${group.date}`}>
              <h3
                id={`day-${group.date}`}
                className={`sticky top-(--header-height) z-10 -mx-1 ${headlines ? "mb-1" : "mb-3"} bg-white/95 px-1 py-2 text-sm font-semibold text-slate-900 backdrop-blur dark:bg-slate-950/95 dark:text-white`}
              >
                {Number.isNaN(ms) ? group.date : formatUtcDay(ms, "long")}{" "}
                <span className="font-normal text-slate-600 dark:text-slate-400">
                  (UTC) · {count(group.articles.length)}
                </span>
              </h3>
              {headlines ? (
                <HeadlineList articles={group.articles} headingLevel={4} />
              ) : (
                <ol className="space-y-3">
                  {group.articles.map((article, i) => (
                    <li key={articleKey(article, i)}>
                      <ArticleCard article={article} hasLogo={logo(article)} headingLevel={4} />
                    </li>
                  ))}
                </ol>
              )}
            </section>
          );
        })}
      </div>
    );
  }

  if (headlines)
    return (
      <>
        <HeadlineColumns />
        <HeadlineList articles={articles} />
      </>
    );

  return (
    <ol className="space-y-3">
      {articles.map((article, i) => (
        // Numbered from 1: the link for more stories without JavaScript lands on the first new one.
        <li key={articleKey(article, i)} id={`story-${i + 1}`}>
          <ArticleCard article={article} hasLogo={logo(article)} />
        </li>
      ))}
    </ol>
  );
}
