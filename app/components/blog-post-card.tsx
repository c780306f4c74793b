import { Link } from "react-router";
import { CourseImage } from "~/components/course-image";
import { BlogAuthor } from "~/components/blog-author";
import type { BlogPostCard as BlogPostCardData } from "~/server/posts/public-posts.server";

/** A post in the blog list or under "Related posts"; the whole card is the link. */
export function BlogPostCard({ post, headingAs: Heading = "h2", priority = false }: { post: BlogPostCardData; headingAs?: "h2" | "h3"; priority?: boolean }) {
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-xl border bg-card shadow-sm transition hover:shadow-md focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2">
      <CourseImage src={post.coverUrl} topic={post.category} alt="" priority={priority} />
      <div className="flex min-w-0 flex-1 flex-col gap-3 p-5">
        <p className="text-xs font-semibold uppercase tracking-wide text-primary">{post.category}</p>
        <Heading className="text-lg font-semibold leading-snug">
          <Link to={`/blog/${post.slug}`} className="outline-none after:absolute after:inset-0 after:content-[''] group-hover:underline">
            {post.title}
          </Link>
        </Heading>
        <p className="line-clamp-3 text-sm text-muted-foreground">{post.excerpt}</p>
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-2 border-t pt-4 text-xs text-muted-foreground">
          {post.author ? <BlogAuthor author={post.author} /> : <span />}
          <p className="flex gap-3">
            {post.publishedAt && <time dateTime={post.publishedAt}>{post.publishedLabel}</time>}
            <span>{post.readingMinutes} min read</span>
          </p>
        </div>
      </div>
    </article>
  );
}
