import { ChevronDown, GraduationCap, PenLine } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Button, buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Page } from '@/components/ui/page';
import { PageHeader } from '@/components/ui/page-header';
import { SearchField } from '@/components/ui/search-field';
import { useAuth } from '@/features/auth';
import { requestTutorialStart } from '@/features/tutorial/tutorial-store';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/route-table';
import { ArticleBody } from './article-body';
import {
  findArticle,
  HELP_ARTICLES,
  HELP_CATEGORIES,
  type HelpArticle,
  type HelpCategoryId,
} from './help-articles';
import { highlightParts, searchHelp } from './help-search';

function Highlighted({ text, query }: { text: string; query: string }) {
  return (
    <>
      {highlightParts(text, query).map((part, index) =>
        part.match ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order.
          <mark key={index} className="rounded-sm bg-accent-soft px-0.5 text-fg">
            {part.text}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string, in order.
          <span key={index}>{part.text}</span>
        ),
      )}
    </>
  );
}

const categoryTitle = (id: HelpCategoryId) =>
  HELP_CATEGORIES.find((category) => category.id === id)?.title ?? id;

/** /help-center and /help-center/:slug (also /help, /help/:slug): search, categories, articles in place. */
export function HelpCenterPage() {
  const { slug } = useParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const { user } = useAuth();
  const openArticle = findArticle(slug);
  const [query, setQuery] = useState('');
  const results = searchHelp(HELP_ARTICLES, query);
  const resultsRef = useRef<HTMLUListElement>(null);
  const resultsId = useId();
  const [openCategories, setOpenCategories] = useState<ReadonlySet<HelpCategoryId>>(
    () => new Set<HelpCategoryId>(['getting-started', ...(openArticle ? [openArticle.category] : [])]),
  );

  // Opening an article (deep link, a link from another article, a search result) opens its category
  // and brings it into view.
  useEffect(() => {
    if (!openArticle) return;
    setOpenCategories((open) =>
      open.has(openArticle.category) ? open : new Set([...open, openArticle.category]),
    );
    requestAnimationFrame(() => {
      // A link to a section (`#translation-needs-a-model`) lands on that heading, else on the article.
      const section = hash.length > 1 ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
      if (section) section.scrollIntoView({ block: 'start' });
      else
        document
          .getElementById(`help-article-${openArticle.slug}`)
          ?.closest('li')
          ?.scrollIntoView({ block: 'start' });
    });
  }, [openArticle, hash]);

  const toggleCategory = (id: HelpCategoryId) =>
    setOpenCategories((open) => {
      const next = new Set(open);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const resultLinks = () => [...(resultsRef.current?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];

  // Arrow keys move between the results (from the search box too); Enter opens the focused one.
  const onResultsKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const links = resultLinks();
    if (links.length === 0) return;
    event.preventDefault();
    const current = links.indexOf(document.activeElement as HTMLAnchorElement);
    const next =
      event.key === 'ArrowDown' ? Math.min(links.length - 1, current + 1) : current <= 0 ? -1 : current - 1;
    if (next === -1) document.getElementById(`${resultsId}-input`)?.focus();
    else links[next]?.focus();
  };

  const showResults = query.trim() !== '' && results.length > 0;

  return (
    <Page width="narrow">
      <PageHeader
        title="Help Center"
        description="Answers about notes, projects, AI, sharing and your plan."
      />

      <search className="mb-6 block">
        <SearchField
          id={`${resultsId}-input`}
          label="Search help articles"
          placeholder="Search help, e.g. “shared project code”"
          value={query}
          onValueChange={setQuery}
          aria-controls={showResults ? resultsId : undefined}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && results[0]) {
              event.preventDefault();
              navigate(paths.helpArticle(results[0].article.slug));
              setQuery('');
            } else onResultsKeyDown(event);
          }}
        />
        <p className="sr-only" role="status">
          {query.trim() === ''
            ? ''
            : results.length > 0
              ? `${results.length} ${results.length === 1 ? 'article' : 'articles'} found`
              : 'No articles found'}
        </p>
      </search>

      {showResults ? (
        <section aria-labelledby={`${resultsId}-title`} className="mb-8">
          <h2 id={`${resultsId}-title`} className="mb-2 text-[13px] font-medium text-muted">
            Results
          </h2>
          <ul id={resultsId} ref={resultsRef} onKeyDown={onResultsKeyDown} className="space-y-1">
            {results.map(({ article, excerpt }) => (
              <li key={article.slug}>
                <Link
                  to={paths.helpArticle(article.slug)}
                  onClick={() => setQuery('')}
                  className="block rounded-control px-3 py-2.5 hover:bg-hover focus-visible:bg-hover"
                >
                  <span className="block text-sm font-medium">
                    <Highlighted text={article.title} query={query} />
                    <span className="ml-2 text-[13px] font-normal text-muted">
                      {categoryTitle(article.category)}
                    </span>
                  </span>
                  <span className="mt-0.5 block text-[13px] text-muted">
                    <Highlighted text={excerpt} query={query} />
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : (
        query.trim() !== '' && (
          <p className="mb-6 text-sm text-muted">
            No articles match “{query.trim()}”. Browse the topics below, or try another word.
          </p>
        )
      )}

      {!showResults && (
        <div className="space-y-3">
          {HELP_CATEGORIES.map((category) => (
            <CategorySection
              key={category.id}
              id={category.id}
              title={category.title}
              articles={HELP_ARTICLES.filter((article) => article.category === category.id)}
              open={openCategories.has(category.id)}
              onToggle={() => toggleCategory(category.id)}
              openSlug={openArticle?.slug}
            />
          ))}
        </div>
      )}

      <Card aria-labelledby={`${resultsId}-actions`} className="mt-8">
        <h2 id={`${resultsId}-actions`} className="text-[15px] font-semibold">
          Quick Actions
        </h2>
        <div className="mt-3 flex flex-wrap gap-2">
          <Link to={paths.capture} className={buttonClasses('primary', 'md')}>
            <PenLine size={16} aria-hidden="true" />
            Create First Note
          </Link>
          {user && (
            <Button variant="secondary" onClick={requestTutorialStart}>
              <GraduationCap size={16} aria-hidden="true" />
              Start the tutorial
            </Button>
          )}
        </div>
      </Card>
    </Page>
  );
}

interface CategorySectionProps {
  id: HelpCategoryId;
  title: string;
  articles: readonly HelpArticle[];
  open: boolean;
  onToggle: () => void;
  openSlug: string | undefined;
}

function CategorySection({ id, title, articles, open, onToggle, openSlug }: CategorySectionProps) {
  const navigate = useNavigate();
  const listId = `help-category-${id}`;
  return (
    <section className="rounded-card border border-border bg-panel">
      <h2>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={listId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-3 rounded-card px-4 py-3 text-left text-[15px] font-semibold hover:bg-hover"
        >
          {title}
          <span className="flex items-center gap-2 text-[13px] font-normal text-muted">
            {articles.length} {articles.length === 1 ? 'article' : 'articles'}
            <ChevronDown
              size={16}
              aria-hidden="true"
              className={cn('transition-transform duration-150', open && 'rotate-180')}
            />
          </span>
        </button>
      </h2>
      <ul id={listId} hidden={!open} className="border-t border-border px-2 py-2">
        {articles.map((article) => {
          const expanded = article.slug === openSlug;
          const articleId = `help-article-${article.slug}`;
          return (
            <li key={article.slug} className="scroll-mt-20">
              <h3>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={expanded ? articleId : undefined}
                  onClick={() =>
                    navigate(expanded ? paths.helpCenter : paths.helpArticle(article.slug), {
                      preventScrollReset: true,
                    })
                  }
                  className="flex w-full items-center justify-between gap-3 rounded-control px-2 py-2 text-left text-sm font-medium hover:bg-hover max-md:min-h-11"
                >
                  {article.title}
                  <ChevronDown
                    size={16}
                    aria-hidden="true"
                    className={cn(
                      'shrink-0 text-muted transition-transform duration-150',
                      expanded && 'rotate-180',
                    )}
                  />
                </button>
              </h3>
              {expanded && (
                <article id={articleId} aria-label={article.title} className="px-2 pt-1 pb-4">
                  <ArticleBody markdown={article.markdown} />
                </article>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
