import { useId, useRef } from "react";
import { isRouteErrorResponse, Link } from "react-router";
import { ArrowLeft } from "lucide-react";
import type { Route } from "./+types/blog-post";
import { BlogAuthor } from "~/components/blog-author";
import { BlogPostCard } from "~/components/blog-post-card";
import { BlogReadingProgress } from "~/components/blog-reading-progress";
import { ShareButton } from "~/components/share-button";
import { BlogTableOfContents } from "~/components/blog-table-of-contents";
import { Prose } from "~/components/prose";
import { CourseImage } from "~/components/course-image";
import { Button } from "~/components/ui/button";
import { useSiteSettings } from "~/components/use-site-settings";
import { blogCategorySlug, blogListUrl } from "~/lib/blog-filters";
import { absoluteImageUrl } from "~/lib/image-url";
import { useNonce } from "~/lib/nonce";

import { blogFeedLink, pageMeta, siteTitle } from "~/lib/seo";
import type { SiteSettings } from "~/lib/site-settings";

import { ErrorScreen } from "~/components/error-screen";
export { loader } from "./blog-post.server";

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) return [{ title: siteTitle(args, "Post Not Found") }, { name: "robots", content: "noindex" }, blogFeedLink(args)];
  return [
    ...pageMeta(args, {
      title: post.title,
      description: post.excerpt,
      path: `/blog/${post.slug}`,
      image: post.coverUrl,
      type: "article",
      noIndex: post.status !== "published",
    }),
    ...(post.publishedAt ? [{ property: "article:published_time", content: post.publishedAt }] : []),
    { property: "article:modified_time", content: post.updatedAt },
    { property: "article:section", content: post.category },
    ...(post.author ? [{ property: "article:author", content: post.author.name }] : []),
    blogFeedLink(args),
  ];
};

/** schema.org BlogPosting; `<` is escaped so no text can close the script element. */
function blogPostingJson(loaderData: Route.ComponentProps["loaderData"], { schoolName, logoUrl }: SiteSettings) {
  const { post, url, origin } = loaderData;
  return JSON.stringify({
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    headline: post.title,
    description: post.excerpt,
    image: absoluteImageUrl(post.coverUrl, origin) ?? `${origin}/images/og-default.webp`,
    datePublished: post.publishedAt ?? undefined,
    dateModified: post.updatedAt,
    articleSection: post.category,
    keywords: post.tags.join(", ") || undefined,
    author: post.author ? { "@type": "Person", name: post.author.name } : { "@type": "Organization", name: schoolName },
    publisher: {
      "@type": "Organization",
      name: schoolName,
      ...(absoluteImageUrl(logoUrl, origin) ? { logo: { "@type": "ImageObject", url: absoluteImageUrl(logoUrl, origin) } } : {}),
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
  }).replace(/</g, "\\u003c");
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, html, headings, related, preview, url } = loaderData;
  const settings = useSiteSettings();
  const nonce = useNonce();
  const articleRef = useRef<HTMLElement>(null);
  // Not a fixed id: a heading slug from the post could be "related-posts".
  const relatedHeadingId = useId();
  const categoryValue = blogCategorySlug(post.category);

  return (
    <>
      <script type="application/ld+json" nonce={nonce} dangerouslySetInnerHTML={{ __html: blogPostingJson(loaderData, settings) }} />
      <BlogReadingProgress articleRef={articleRef} />
      {preview && (
        <div role="status" className="border-b border-warm/50 bg-accent px-4 py-3 text-center text-sm font-medium text-accent-foreground">
          Draft preview: this post is not published, so only admins can see it.
        </div>
      )}
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 lg:py-14">
        <Link to="/blog" className="inline-flex items-center gap-1 text-sm font-medium text-muted-foreground hover:text-foreground">
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to Blog
        </Link>
        <article ref={articleRef} className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,48rem)_15rem] lg:justify-between lg:gap-x-12">
          <header className="min-w-0 lg:col-start-1 lg:row-start-1">
            {categoryValue ? (
              <Link
                to={blogListUrl.href({ category: categoryValue })}
                className="text-sm font-semibold uppercase tracking-wide text-primary hover:underline"
              >
                {post.category}
              </Link>
            ) : (
              <p className="text-sm font-semibold uppercase tracking-wide text-primary">{post.category}</p>
            )}
            <h1 className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">{post.title}</h1>
            {post.excerpt && <p className="mt-4 text-lg text-muted-foreground">{post.excerpt}</p>}
            <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y py-4 text-sm text-muted-foreground">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                {post.author && <BlogAuthor author={post.author} size="md" />}
                {post.publishedAt && <time dateTime={post.publishedAt}>{post.publishedLabel}</time>}
                <span>{post.readingMinutes} min read</span>
              </div>
              <ShareButton path={url} title={post.title} text={post.excerpt} what="post" />
            </div>
          </header>
          {headings.length > 0 && (
            <aside className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
              <div className="rounded-lg border px-4 py-3 lg:sticky lg:top-24 lg:max-h-[calc(100vh-7rem)] lg:overflow-y-auto lg:border-0 lg:p-0">
                <BlogTableOfContents headings={headings} />
              </div>
            </aside>
          )}
          <div className="min-w-0 lg:col-start-1 lg:row-start-2">
            <CourseImage src={post.coverUrl} topic={post.category} alt="" priority sizes="article" className="rounded-xl" />
            <Prose html={html} className="mt-10" />
          </div>
        </article>

        {related.length > 0 && (
          <section aria-labelledby={relatedHeadingId} className="mt-16 border-t pt-10">
            <h2 id={relatedHeadingId} className="text-2xl font-bold tracking-tight">
              Related posts
            </h2>
            <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {related.map((item) => (
                <BlogPostCard key={item.id} post={item} headingAs="h3" />
              ))}
            </div>
          </section>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return notFound ? (
    <ErrorScreen status={404} title="Post Not Found" detail="The post you're looking for doesn't exist or is no longer published.">
      <Button asChild>
        <Link to="/blog">Back to Blog</Link>
      </Button>
    </ErrorScreen>
  ) : (
    <ErrorScreen title="Something went wrong" detail="This post could not be loaded. Please try again in a moment.">
      <Button asChild variant="outline">
        <Link to="/blog">Back to Blog</Link>
      </Button>
    </ErrorScreen>
  );
}
