import type * as React from "react";
import { cn } from "~/lib/utils";

/**
 * The site's one typography for rendered markdown: blog posts, course descriptions, lessons and
 * the admin editors' previews all look the same. `html` must come from the server's
 * `renderMarkdown` (sanitised there, allow-list in app/server/markdown.server.ts); nothing else
 * may be passed in. Headings leave room under the sticky header when a table of contents jumps
 * to them.
 */
const proseClasses = [
  "text-base leading-7 text-foreground sm:text-lg sm:leading-8",
  "[&>*+*]:mt-5 [&>:first-child]:mt-0",
  "[&_h1]:mt-12 [&_h1]:scroll-mt-24 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:tracking-tight",
  "[&_h2]:mt-12 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-xl [&_h3]:font-semibold",
  "[&_h4]:mt-6 [&_h4]:font-semibold",
  "[&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-2",
  "[&_strong]:font-semibold",
  "[&_ul]:list-disc [&_ul]:pl-6 [&_ol]:list-decimal [&_ol]:pl-6 [&_li+li]:mt-2 [&_li>ul]:mt-2 [&_li>ol]:mt-2",
  "[&_.contains-task-list]:list-none [&_.contains-task-list]:pl-1 [&_.task-list-item_input]:mr-2",
  "[&_blockquote]:border-l-4 [&_blockquote]:border-primary/40 [&_blockquote]:pl-4 [&_blockquote]:italic [&_blockquote]:text-muted-foreground",
  "[&_code]:rounded [&_code]:bg-muted [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:font-mono [&_code]:text-[0.875em]",
  "[&_pre]:overflow-x-auto [&_pre]:rounded-lg [&_pre]:bg-hero [&_pre]:p-4 [&_pre]:text-sm [&_pre]:leading-6 [&_pre]:text-hero-foreground",
  "[&_pre_code]:bg-transparent [&_pre_code]:p-0 [&_pre_code]:text-inherit",
  "[&_table]:block [&_table]:w-full [&_table]:overflow-x-auto [&_table]:border-collapse [&_table]:text-sm",
  "[&_th]:border-b-2 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_td]:border-b [&_td]:px-3 [&_td]:py-2",
  "[&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg",
  "[&_hr]:my-10 [&_hr]:border-border",
  "[&_.footnotes]:mt-12 [&_.footnotes]:border-t [&_.footnotes]:pt-6 [&_.footnotes]:text-sm",
].join(" ");

type ProseProps = { html: string } & Omit<React.ComponentProps<"div">, "children" | "dangerouslySetInnerHTML">;

export function Prose({ html, className, ...props }: ProseProps) {
  return <div {...props} className={cn(proseClasses, className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
