import type { Element, ElementContent, Root, RootContent } from "hast";
import type { Root as MdRoot, RootContent as MdNode } from "mdast";
import { LRUCache } from "lru-cache";
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from "rehype-sanitize";
import rehypeSlug from "rehype-slug";
import rehypeStringify from "rehype-stringify";
import remarkGfm from "remark-gfm";
import remarkParse from "remark-parse";
import remarkRehype from "remark-rehype";
import { unified } from "unified";

export type MarkdownHeading = { id: string; text: string; level: 2 | 3 };
export type RenderedMarkdown = { html: string; headings: MarkdownHeading[] };

/**
 * GitHub-style allow-list, tightened. Raw HTML never reaches it (remark-rehype drops it), so it is
 * the second line of defence: only http(s)/mailto links, only http(s) or relative images, no
 * style/forms/iframes/scripts. `clobber` is empty because the only ids left are the ones this
 * pipeline makes itself (footnotes, and heading slugs added after sanitising), so they stay
 * stable and match the table of contents.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  clobber: [],
  clobberPrefix: "",
  protocols: {
    ...defaultSchema.protocols,
    href: ["http", "https", "mailto"],
    src: ["http", "https"],
    cite: ["http", "https"],
    longDesc: ["http", "https"],
  },
  tagNames: (defaultSchema.tagNames ?? []).filter((tag) => !["picture", "source"].includes(tag)),
  attributes: {
    ...defaultSchema.attributes,
    // Only plain language names: a fence info string is free text ("```<script>").
    code: [["className", /^language-[\w+#.-]+$/]],
    "*": (defaultSchema.attributes?.["*"] ?? []).filter(
      (attribute) => !["action", "method", "encType", "acceptCharset", "accept", "tabIndex", "accessKey"].includes(String(attribute)),
    ),
  },
};

function textOf(node: Element | ElementContent | RootContent): string {
  if (node.type === "text") return node.value;
  if (node.type === "element") return node.children.map(textOf).join("");
  return "";
}

/** Lazy-loads images and lists the h2/h3 headings; runs after sanitising and slugging. */
function collectHeadings(headings: MarkdownHeading[]) {
  return () => (tree: Root) => {
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== "element") continue;
        if (child.tagName === "img") {
          child.properties.loading = "lazy";
          child.properties.decoding = "async";
        }
        if ((child.tagName === "h2" || child.tagName === "h3") && typeof child.properties.id === "string") {
          // The footnotes section's visually hidden "Footnotes" label is not part of the outline.
          const classes = child.properties.className;
          const hidden = Array.isArray(classes) && classes.includes("sr-only");
          const text = textOf(child).trim();
          if (!hidden && text) headings.push({ id: child.properties.id, text, level: child.tagName === "h2" ? 2 : 3 });
        }
        visit(child);
      }
    };
    visit(tree);
  };
}

/**
 * The one place where post, course and lesson markdown becomes HTML (public pages and the admin
 * preview alike). A new processor per call so no state (slug counters, headings) leaks between posts.
 *
 * The result depends on the text alone, and a page of a few KB takes milliseconds to render, so
 * the latest results are kept in this process, keyed by the text itself (so an edited text is
 * simply a new key, and only code that already holds a text can get its HTML): a signed-in course
 * or lesson page, which the page cache never keeps, renders the same description once (issue 21).
 */
export async function renderMarkdown(markdown: string): Promise<RenderedMarkdown> {
  const text = markdown ?? "";
  const kept = rendered.get(text);
  if (kept) return { html: kept.html, headings: kept.headings.map((heading) => ({ ...heading })) };
  const result = await render(text);
  rendered.set(text, result);
  return { html: result.html, headings: result.headings.map((heading) => ({ ...heading })) };
}

/** Texts and their HTML, up to 8 MB (counted in UTF-16 code units, about 2 bytes each). */
const rendered = new LRUCache<string, RenderedMarkdown>({
  maxSize: 4 * 1024 * 1024,
  sizeCalculation: (value, key) => key.length + value.html.length + 1,
});

async function render(markdown: string): Promise<RenderedMarkdown> {
  const headings: MarkdownHeading[] = [];
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkRehype, { allowDangerousHtml: false })
    .use(rehypeSanitize, schema)
    .use(rehypeSlug)
    .use(collectHeadings(headings))
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), headings };
}

/**
 * Discussions (issue 42): the same pipeline with a small allow-list — paragraphs, line breaks,
 * bold, italic, code, lists, quotes and links — and every link opening with
 * `rel="nofollow ugc noopener"`. Anything else (headings, images, tables, raw HTML) keeps only its
 * text. Returns the HTML and how many links it holds (posts with many are held for review).
 */
const discussionSchema: SanitizeSchema = {
  ...schema,
  tagNames: ["p", "br", "strong", "em", "del", "code", "pre", "a", "ul", "ol", "li", "blockquote"],
  attributes: { a: ["href"], code: [] },
  clobberPrefix: "user-content-",
  clobber: ["id", "name"],
};

export async function renderDiscussionMarkdown(markdown: string): Promise<{ html: string; links: number }> {
  let links = 0;
  const markLinks = () => (tree: Root) => {
    const visit = (node: Root | Element) => {
      for (const child of node.children) {
        if (child.type !== "element") continue;
        if (child.tagName === "a") {
          links += 1;
          child.properties.rel = ["nofollow", "ugc", "noopener"];
        }
        visit(child);
      }
    };
    visit(tree);
  };
  const file = await unified()
    .use(remarkParse)
    .use(remarkGfm, { singleTilde: false })
    .use(remarkRehype, { allowDangerousHtml: false })
    .use(rehypeSanitize, discussionSchema)
    .use(markLinks)
    .use(rehypeStringify)
    .process(markdown);
  return { html: String(file), links };
}

/**
 * The plain-text part of an e-mail written in Markdown (issue 39): the same parser as the HTML,
 * so what reads as a link or as bold there reads as words here. No Markdown syntax is left:
 * `**bold**` is "bold", `[the lesson](https://…)` is "the lesson (https://…)", a heading is its
 * text, a list keeps "- " or "1. " before each item, a quote keeps "> ". Only http(s) and mailto
 * addresses are written out, as the HTML part only links those. Paragraphs are wrapped at
 * `width` characters, between words only, so a URL is never broken across lines.
 */
export function markdownToPlainText(markdown: string, { width = 76 }: { width?: number } = {}): string {
  const parser = unified().use(remarkParse).use(remarkGfm);
  const root = parser.runSync(parser.parse(markdown ?? "")) as MdRoot;
  const definitions = new Map<string, string>();
  const collect = (node: MdNode | MdRoot) => {
    if (node.type === "definition") definitions.set(node.identifier.toLowerCase(), node.url);
    if ("children" in node) node.children.forEach((child) => collect(child as MdNode));
  };
  collect(root);
  const blocks = root.children.map((node) => blockText(node as MdNode, { definitions, width })).filter((block) => block !== "");
  return blocks.join("\n\n").trim();
}

type TextContext = { definitions: Map<string, string>; width: number };

const SAFE_URL = /^(https?:|mailto:)/i;

function withUrl(text: string, url: string | undefined) {
  if (!url || !SAFE_URL.test(url)) return text;
  const shown = url.replace(/^mailto:/i, "");
  if (!text.trim() || text.trim() === url || text.trim() === shown) return shown;
  return `${text} (${shown})`;
}

function inlineText(node: MdNode, context: TextContext): string {
  switch (node.type) {
    case "text":
    case "inlineCode":
      return node.value;
    case "break":
      return "\n";
    case "link":
      return withUrl(node.children.map((child) => inlineText(child, context)).join(""), node.url);
    case "linkReference":
      return withUrl(
        node.children.map((child) => inlineText(child, context)).join(""),
        context.definitions.get(node.identifier.toLowerCase()),
      );
    case "image":
      return withUrl(node.alt ?? "", node.url);
    case "imageReference":
      return withUrl(node.alt ?? "", context.definitions.get(node.identifier.toLowerCase()));
    case "footnoteReference":
      return `[${node.label ?? node.identifier}]`;
    case "html":
      return "";
    default:
      return "children" in node ? node.children.map((child) => inlineText(child as MdNode, context)).join("") : "";
  }
}

/** Wraps each line at `width` between words; a word longer than the line (a URL) stands alone, whole. */
function wrap(text: string, width: number, prefix = "") {
  return text
    .split("\n")
    .map((line) => {
      const out: string[] = [];
      let current = "";
      for (const word of line.split(/ +/).filter(Boolean)) {
        if (current && current.length + 1 + word.length > width - prefix.length) {
          out.push(current);
          current = word;
        } else current = current ? `${current} ${word}` : word;
      }
      out.push(current);
      return out.map((part) => `${prefix}${part}`.trimEnd()).join("\n");
    })
    .join("\n");
}

const indent = (text: string, first: string, rest: string) =>
  text
    .split("\n")
    .map((line, index) => (line ? `${index === 0 ? first : rest}${line}` : line))
    .join("\n");

function blockText(node: MdNode, context: TextContext): string {
  const children = (nodes: MdNode[], separator = "\n\n") =>
    nodes
      .map((child) => blockText(child, context))
      .filter((text) => text !== "")
      .join(separator);
  switch (node.type) {
    case "paragraph":
    case "heading":
      return wrap(node.children.map((child) => inlineText(child, context)).join(""), context.width);
    case "blockquote":
      return indent(children(node.children as MdNode[]), "> ", "> ");
    case "list":
      return node.children
        .map((item, index) => {
          const marker = node.ordered ? `${(node.start ?? 1) + index}. ` : "- ";
          const box = item.checked == null ? "" : item.checked ? "[x] " : "[ ] ";
          const body = children(item.children as MdNode[], item.spread ? "\n\n" : "\n");
          return indent(box + body, marker, " ".repeat(marker.length));
        })
        .join(node.spread ? "\n\n" : "\n");
    case "code":
      return indent(node.value, "    ", "    ");
    case "thematicBreak":
      return "* * *";
    case "table":
      return node.children
        .map((row) => row.children.map((cell) => cell.children.map((child) => inlineText(child as MdNode, context)).join("")).join(" | "))
        .join("\n");
    case "footnoteDefinition":
      return `[${node.label ?? node.identifier}] ${children(node.children as MdNode[], " ")}`;
    case "definition":
    case "html":
    case "yaml":
      return "";
    default:
      return inlineText(node, context);
  }
}
