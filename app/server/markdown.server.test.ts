import { describe, expect, it } from "vitest";
import { markdownToPlainText, renderMarkdown } from "./markdown.server";

/** Payloads written for this pipeline: raw HTML, entity tricks, markdown URL tricks, SVG/MathML, attribute injection. */
const payloads: Array<[name: string, markdown: string]> = [
  ["script tag", "<script>alert(1)</script>"],
  ["upper-case script with src", "<SCRIPT SRC=//evil.example/x.js></SCRIPT>"],
  ["split script tag", "<scr<script>ipt>alert(1)</script>"],
  ["img onerror", "<img src=x onerror=alert(1)>"],
  ["svg onload", "<svg onload=alert(1)>"],
  ["script inside svg", "<svg><script>alert(1)</script></svg>"],
  ["svg xlink href", '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>'],
  ["mathml mutation", "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>"],
  ["math href", '<math href="javascript:alert(1)">x</math>'],
  ["iframe javascript src", '<iframe src="javascript:alert(1)"></iframe>'],
  ["iframe srcdoc", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
  ["object data", '<object data="javascript:alert(1)"></object>'],
  ["embed src", '<embed src="javascript:alert(1)">'],
  ["form action", '<form action="javascript:alert(1)"><button>Go</button></form>'],
  ["button formaction", '<button formaction="javascript:alert(1)">x</button>'],
  ["style element", "<style>body{background:url(javascript:alert(1))}</style>"],
  ["style attribute", '<p style="background:url(javascript:alert(1))">x</p>'],
  ["raw anchor javascript", '<a href="javascript:alert(1)">x</a>'],
  ["raw anchor entity-encoded scheme", '<a href="&#106;avascript:alert(1)">x</a>'],
  ["raw img tab in scheme", '<img src="jav&#x09;ascript:alert(1)">'],
  ["div onmouseover", '<div onmouseover="alert(1)">hover</div>'],
  ["details ontoggle", "<details open ontoggle=alert(1)>x</details>"],
  ["body onload", "<body onload=alert(1)>"],
  ["input onfocus", "<input autofocus onfocus=alert(1)>"],
  ["video source onerror", "<video><source onerror=alert(1)></video>"],
  ["base href", '<base href="javascript:/">'],
  ["meta refresh", '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ["link stylesheet", '<link rel=stylesheet href="javascript:alert(1)">'],
  ["noscript mutation", '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>'],
  ["template script", "<template><script>alert(1)</script></template>"],
  ["html comment", "<!--<img src=x onerror=alert(1)>-->"],
  ["cdata", "<![CDATA[<script>alert(1)</script>]]>"],
  ["encoded entities as text", "&lt;script&gt;alert(1)&lt;/script&gt;"],
  ["markdown link javascript", "[x](javascript:alert(1))"],
  ["markdown link mixed case", "[x](JaVaScRiPt:alert(1))"],
  ["markdown link upper case padded", "[x](  JAVASCRIPT:alert(1)  )"],
  ["markdown link entity colon", "[x](javascript&#58;alert(1))"],
  ["markdown link entity first letter", "[x](&#106;avascript:alert(1))"],
  ["markdown link hex entities", "[x](&#x6A;&#x61;&#x76;&#x61;script:alert(1))"],
  ["markdown link angle destination", "[x](<javascript:alert(1)>)"],
  ["markdown link newline entity", "[x](java&#10;script:alert(1))"],
  ["markdown link tab entity", "[x](java&#9;script:alert(1))"],
  ["markdown link percent newline", "[x](java%0ascript:alert(1))"],
  ["markdown link control char", "[x](\u0001javascript:alert(1))"],
  ["markdown link javascript comment", "[x](javascript://%0aalert(1))"],
  ["markdown link vbscript", "[x](vbscript:msgbox(1))"],
  ["markdown link vbscript mixed case", "[x](VBScript:msgbox(1))"],
  ["markdown link data html", "[x](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)"],
  ["markdown link file", "[x](file:///etc/passwd)"],
  ["markdown image javascript", "![x](javascript:alert(1))"],
  ["markdown image data svg", "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)"],
  ["markdown image quote breakout", '![x](x" onerror="alert(1))'],
  ["markdown link title breakout", '[x](https://example.com "t\\" onmouseover=\\"alert(1)")'],
  ["markdown image title breakout", '![x](https://example.com/a.png "a\\" onerror=\\"alert(1)")'],
  ["markdown link query breakout", '[x](https://example.com/?q="><script>alert(1)</script>)'],
  ["autolink javascript", "<javascript:alert(1)>"],
  ["autolink vbscript", "<vbscript:msgbox(1)>"],
  ["autolink data", "<data:text/html,alert(1)>"],
  ["gfm autolink literal with script", "www.example.com/<script>alert(1)</script>"],
  ["gfm autolink literal quote", 'https://example.com/"onmouseover="alert(1)'],
  ["reference link javascript", "[x][ref]\n\n[ref]: javascript:alert(1)"],
  ["reference link angle javascript with title", '[x][ref]\n\n[ref]: <javascript:alert(1)> "t"'],
  ["reference image data", "![x][img]\n\n[img]: data:image/png;base64,AAAA"],
  ["code fence info attribute injection", '```js" onclick="alert(1)\ncode\n```'],
  ["code fence info script", "```<script>alert(1)</script>\nx\n```"],
  ["code fence body", "```html\n<script>alert(1)</script>\n```"],
  ["inline code", "`<script>alert(1)</script>`"],
  ["html inside link text", "[<img src=x onerror=alert(1)>](https://example.com)"],
  ["heading with html", "## <img src=x onerror=alert(1)> Heading"],
  ["table cell script", "| a |\n|---|\n| <script>alert(1)</script> |"],
  ["footnote label injection", '[^a"onclick="alert(1)]\n\n[^a"onclick="alert(1)]: note'],
  ["blockquote with raw html", "> <a href=\"javascript:alert(1)\" onclick=\"x\">q</a>"],
];

const forbiddenTags = new Set(["script", "iframe", "object", "embed", "style", "form", "svg", "math", "link", "meta", "base", "frame", "frameset", "applet", "button", "textarea", "select", "template", "noscript", "video", "audio", "source"]);
const urlSchemes = /^(javascript|data|vbscript|file):/;

function decodeEntities(value: string) {
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);?/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&(colon|tab|newline|amp|quot|lt|gt);/gi, (_, name: string) => ({ colon: ":", tab: "\t", newline: "\n", amp: "&", quot: '"', lt: "<", gt: ">" })[name.toLowerCase()] ?? "");
}

/** Every start tag with its attributes; rehype-stringify always double-quotes values. */
function tagsOf(html: string) {
  const tags: Array<{ name: string; attributes: Array<{ name: string; value: string }> }> = [];
  const tagPattern = /<([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[^\s"'=<>/]+(?:="[^"]*")?)*)\s*\/?>/g;
  let consumed = 0;
  for (const match of html.matchAll(tagPattern)) {
    consumed++;
    const attributes = [...match[2].matchAll(/\s+([^\s"'=<>/]+)(?:="([^"]*)")?/g)].map((attribute) => ({ name: attribute[1].toLowerCase(), value: attribute[2] ?? "" }));
    tags.push({ name: match[1].toLowerCase(), attributes });
  }
  // Any "<letter" that the pattern could not read would be a tag it failed to inspect.
  expect(consumed).toBe((html.match(/<[a-zA-Z]/g) ?? []).length);
  return tags;
}

function expectSafe(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toContain("<script");
  for (const tag of tagsOf(html)) {
    expect(forbiddenTags.has(tag.name), `tag <${tag.name}>`).toBe(false);
    if (tag.name === "input") {
      expect(tag.attributes.map((a) => a.name).sort()).toEqual(expect.arrayContaining(["disabled", "type"]));
      expect(tag.attributes.find((a) => a.name === "type")?.value).toBe("checkbox");
    }
    for (const attribute of tag.attributes) {
      expect(attribute.name, `attribute on <${tag.name}>`).not.toMatch(/^on/);
      expect(["style", "srcdoc", "formaction", "xlink:href", "action"]).not.toContain(attribute.name);
      // Browsers ignore whitespace and control characters inside a scheme; so does this check.
      // eslint-disable-next-line no-control-regex
      const normalised = decodeEntities(attribute.value).replace(/[\u0000-\u0020]/g, "").toLowerCase();
      expect(normalised, `${attribute.name} on <${tag.name}>`).not.toMatch(urlSchemes);
    }
  }
}

describe("renderMarkdown sanitising", () => {
  it("has a large payload table", () => {
    expect(payloads.length).toBeGreaterThanOrEqual(50);
  });

  it.each(payloads)("neutralises %s", async (_name, markdown) => {
    const { html } = await renderMarkdown(markdown);
    expectSafe(html);
  });

  it("neutralises every payload in one document, as a post full of them", async () => {
    const { html } = await renderMarkdown(payloads.map(([name, markdown]) => `## ${name}\n\n${markdown}`).join("\n\n"));
    expectSafe(html);
  });

  it("keeps safe links and relative or https images", async () => {
    const { html } = await renderMarkdown("[docs](https://example.com/docs) [mail](mailto:hi@example.com) [home](/courses)\n\n![Cover](/images/demo/cover.webp) ![Remote](https://cdn.example.com/a.png)");
    expect(html).toContain('<a href="https://example.com/docs">docs</a>');
    expect(html).toContain('<a href="mailto:hi@example.com">mail</a>');
    expect(html).toContain('<a href="/courses">home</a>');
    expect(html).toContain('src="/images/demo/cover.webp" alt="Cover"');
    expect(html).toContain('src="https://cdn.example.com/a.png" alt="Remote"');
    expect(html).toContain('loading="lazy"');
  });

  it("drops the URL of a dangerous link but keeps its text", async () => {
    const { html } = await renderMarkdown("[click me](javascript:alert(1))");
    expect(html).toBe("<p><a>click me</a></p>");
  });
});

describe("renderMarkdown output", () => {
  it("gives h2 and h3 headings stable ids that match the table of contents", async () => {
    const markdown = "# Title\n\n## Pricing *basics*\n\ntext\n\n### Costs & margins\n\n#### Deep\n\n## Pricing basics\n";
    const first = await renderMarkdown(markdown);
    expect(first.headings).toEqual([
      { id: "pricing-basics", text: "Pricing basics", level: 2 },
      { id: "costs--margins", text: "Costs & margins", level: 3 },
      { id: "pricing-basics-1", text: "Pricing basics", level: 2 },
    ]);
    for (const heading of first.headings) expect(first.html).toContain(`id="${heading.id}"`);
    expect(first.html).not.toContain("user-content-pricing");
    // No slug counter survives between renders.
    const second = await renderMarkdown(markdown);
    expect(second).toEqual(first);
  });

  it("keeps tables, code language classes and task lists", async () => {
    const { html, headings } = await renderMarkdown("| Plan | Price |\n|:--|--:|\n| Pro | $9 |\n\n```ts\nconst a = 1;\n```\n\n- [x] done\n");
    expect(html).toContain("<table>");
    expect(html).toContain('<th align="right">Price</th>');
    expect(html).toContain('<code class="language-ts">');
    expect(html).toContain('<input type="checkbox" checked disabled>');
    expect(headings).toEqual([]);
  });

  it("keeps footnote links working and leaves the hidden footnote label out of the outline", async () => {
    const { html, headings } = await renderMarkdown("Claim[^1]\n\n[^1]: Source.\n");
    expect(html).toContain('href="#user-content-fn-1"');
    expect(html).toContain('id="user-content-fn-1"');
    expect(headings).toEqual([]);
  });

  it("renders empty markdown as empty html", async () => {
    expect(await renderMarkdown("")).toEqual({ html: "", headings: [] });
  });

  it("answers a text it rendered before with the same result, which a caller may change without changing the next answer", async () => {
    const markdown = "## Kept once\n\nBody of a kept text.\n";
    const first = await renderMarkdown(markdown);
    first.headings[0]!.text = "changed by a caller";
    first.headings.push({ id: "extra", text: "extra", level: 3 });
    expect(await renderMarkdown(markdown)).toEqual({
      html: '<h2 id="kept-once">Kept once</h2>\n<p>Body of a kept text.</p>',
      headings: [{ id: "kept-once", text: "Kept once", level: 2 }],
    });
    // A different text is a different answer.
    expect((await renderMarkdown(`${markdown}\nMore.\n`)).html).toContain("<p>More.</p>");
  });
});

describe("markdownToPlainText (issue 39: the text part of an announcement)", () => {
  it("leaves no Markdown syntax: emphasis is words, links are 'text (url)', lists keep their markers", () => {
    const text = markdownToPlainText(
      [
        "## Week **4** is live",
        "",
        "Read *this* and __that__ in [the new lesson](https://example.test/l/4), or <https://example.test/raw>.",
        "",
        "- one [by reference][ref]",
        "- `two`",
        "",
        "1. first",
        "2. second",
        "",
        "> quoted ![a chart](https://example.test/c.png)",
        "",
        "<b>raw html</b> [a script](javascript:alert(1))",
        "",
        "[ref]: https://example.test/ref",
      ].join("\n"),
    );
    expect(text).toBe(
      [
        "Week 4 is live",
        "",
        "Read this and that in the new lesson (https://example.test/l/4), or",
        "https://example.test/raw.",
        "",
        "- one by reference (https://example.test/ref)",
        "- two",
        "",
        "1. first",
        "2. second",
        "",
        "> quoted a chart (https://example.test/c.png)",
        "",
        "raw html a script",
      ].join("\n"),
    );
  });

  it("wraps between words only, so a URL longer than a line stays whole", () => {
    const url = `https://example.test/${"x".repeat(120)}`;
    const lines = markdownToPlainText(`${"word ".repeat(20)}${url} end`).split("\n");
    expect(lines).toContain(url);
    expect(lines.filter((line) => line !== url).every((line) => line.length <= 76)).toBe(true);
  });
});
