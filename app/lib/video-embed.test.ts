import { describe, expect, it } from "vitest";
import { embedCodeSource, lessonPlayer, sanitizeEmbedCode, vimeoEmbedUrl, youtubeEmbedUrl } from "./video-embed";

const ID = "dQw4w9WgXcQ";

describe("youtubeEmbedUrl", () => {
  it.each([
    `https://www.youtube.com/watch?v=${ID}`,
    `https://youtube.com/watch?v=${ID}&list=PL123&index=2`,
    `https://m.youtube.com/watch?v=${ID}`,
    `https://youtu.be/${ID}`,
    `youtu.be/${ID}`,
    `https://www.youtube.com/embed/${ID}`,
    `https://www.youtube-nocookie.com/embed/${ID}`,
    `https://www.youtube.com/shorts/${ID}`,
    `https://www.youtube.com/live/${ID}?feature=share`,
    `  https://www.youtube.com/watch?v=${ID}  `,
  ])("turns %s into the privacy-enhanced embed", (input) => {
    expect(youtubeEmbedUrl(input)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });

  it("keeps a start time", () => {
    expect(youtubeEmbedUrl(`https://youtu.be/${ID}?t=90`)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?start=90`);
    expect(youtubeEmbedUrl(`https://www.youtube.com/watch?v=${ID}&t=1m30s`)).toBe(`https://www.youtube-nocookie.com/embed/${ID}?start=90`);
    expect(youtubeEmbedUrl(`https://www.youtube.com/watch?v=${ID}&t=junk`)).toBe(`https://www.youtube-nocookie.com/embed/${ID}`);
  });

  it.each([
    "",
    "not a url",
    `https://evil.example/watch?v=${ID}`,
    `https://www.youtube.com.evil.example/watch?v=${ID}`,
    `https://evil.example/?u=https://www.youtube.com/watch?v=${ID}`,
    `https://user:pass@www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//www.youtube.com/watch?v=${ID}`,
    `data:text/html,<script>alert(1)</script>`,
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}"><script>`,
    "https://www.youtube.com/channel/UC123",
    `https://vimeo.com/123456`,
  ])("refuses %s", (input) => {
    expect(youtubeEmbedUrl(input)).toBeNull();
  });
});

describe("vimeoEmbedUrl", () => {
  it.each([
    ["https://vimeo.com/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["vimeo.com/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://vimeo.com/channels/staffpicks/76979871", "https://player.vimeo.com/video/76979871?dnt=1"],
    ["https://vimeo.com/76979871/a1b2c3d4e5", "https://player.vimeo.com/video/76979871?h=a1b2c3d4e5&dnt=1"],
    ["https://player.vimeo.com/video/76979871?h=a1b2c3&autoplay=1", "https://player.vimeo.com/video/76979871?h=a1b2c3&dnt=1"],
  ])("turns %s into %s", (input, expected) => {
    expect(vimeoEmbedUrl(input)).toBe(expected);
  });

  it.each([
    "https://vimeo.com/",
    "https://vimeo.com/about",
    "https://player.vimeo.com/api/player.js",
    "https://vimeo.com.evil.example/76979871",
    "https://player.vimeo.com/video/76979871?h=<script>",
    `https://www.youtube.com/watch?v=${ID}`,
  ])("refuses %s", (input) => {
    expect(vimeoEmbedUrl(input)).toBeNull();
  });
});

describe("sanitizeEmbedCode", () => {
  const youtubeIframe = `<iframe width="560" height="315" src="https://www.youtube.com/embed/${ID}?si=abc" title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share" referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>`;

  it("keeps a YouTube share-dialog embed as one nocookie iframe with fixed attributes", () => {
    expect(sanitizeEmbedCode(youtubeIframe)).toBe(
      `<iframe src="https://www.youtube-nocookie.com/embed/${ID}" title="YouTube video player" allow="autoplay; encrypted-media; fullscreen; picture-in-picture" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"></iframe>`,
    );
  });

  it.each([
    [
      '<div style="padding:56.25% 0 0 0"><iframe src="https://player.vimeo.com/video/76979871?h=ab12&amp;badge=0" title="Intro"></iframe></div><script src="https://player.vimeo.com/api/player.js"></script>',
      "https://player.vimeo.com/video/76979871?h=ab12&dnt=1",
    ],
    [
      '<iframe src="https://fast.wistia.net/embed/iframe/abcde12345?videoFoam=true" title="Wistia"></iframe>',
      "https://fast.wistia.net/embed/iframe/abcde12345",
    ],
    [
      '<iframe src="https://www.loom.com/embed/0123456789abcdef0123456789abcdef" frameborder="0"></iframe>',
      "https://www.loom.com/embed/0123456789abcdef0123456789abcdef",
    ],
    [
      '<iframe src="https://iframe.mediadelivery.net/embed/12345/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0?autoplay=true"></iframe>',
      "https://iframe.mediadelivery.net/embed/12345/0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0",
    ],
    [`<IFRAME SRC=//www.youtube.com/embed/${ID}></IFRAME>`, `https://www.youtube-nocookie.com/embed/${ID}`],
    [`https://youtu.be/${ID}`, `https://www.youtube-nocookie.com/embed/${ID}`],
  ])("reduces %s to the host's own embed URL", (code, src) => {
    expect(embedCodeSource(code)?.src).toBe(src);
  });

  it.each([
    ["a script", "<script>alert(1)</script>"],
    ["a javascript: src", '<iframe src="javascript:alert(1)"></iframe>'],
    ["an entity-encoded javascript: src", '<iframe src="&#106;avascript:alert(1)"></iframe>'],
    ["a data: src", '<iframe src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="></iframe>'],
    ["srcdoc only", '<iframe srcdoc="<script>alert(1)</script>"></iframe>'],
    ["another host", '<iframe src="https://evil.example/embed/x"></iframe>'],
    ["a look-alike host", `<iframe src="https://www.youtube.com.evil.example/embed/${ID}"></iframe>`],
    ["credentials before the host", `<iframe src="https://www.youtube.com@evil.example/embed/${ID}"></iframe>`],
    ["an allowed host's other pages", '<iframe src="https://www.youtube.com/redirect?q=https://evil.example"></iframe>'],
    ["a Wistia id with a path after it", '<iframe src="https://fast.wistia.net/embed/iframe/abcde12345/../../x"></iframe>'],
    ["an object tag", '<object data="https://www.youtube.com/embed/dQw4w9WgXcQ"></object>'],
    ["plain text", "just some words"],
    ["nothing", ""],
  ])("refuses %s", (_name, code) => {
    expect(sanitizeEmbedCode(code)).toBeNull();
  });

  it("drops event handlers, srcdoc, sandbox escapes and extra markup around an allowed iframe", () => {
    const hostile = `<p onclick="steal()">hi</p><iframe onload="alert(1)" srcdoc="<script>x</script>" style="position:fixed" src="https://www.youtube.com/embed/${ID}" title='Nice"><script>alert(2)</script>' sandbox="allow-scripts allow-top-navigation"></iframe><img src=x onerror=alert(3)>`;
    const clean = sanitizeEmbedCode(hostile)!;
    expect(clean).toMatch(
      /^<iframe src="https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ" title="[^"<>]*" allow="[^"]*" allowfullscreen loading="lazy" referrerpolicy="strict-origin-when-cross-origin"><\/iframe>$/,
    );
    for (const bad of ["onload", "onclick", "onerror", "srcdoc", "style", "sandbox", "<script", "<img", "<p"])
      expect(clean).not.toContain(bad);
  });

  it("skips a refused iframe and keeps the first allowed one, only one", () => {
    const code = `<iframe src="https://evil.example/x"></iframe><iframe src="https://player.vimeo.com/video/1"></iframe><iframe src="https://www.youtube.com/embed/${ID}"></iframe>`;
    expect(sanitizeEmbedCode(code)?.match(/<iframe/g)).toHaveLength(1);
    expect(embedCodeSource(code)?.src).toBe("https://player.vimeo.com/video/1?dnt=1");
  });

  it("refuses very long input rather than scanning it", () => {
    expect(sanitizeEmbedCode(`${" ".repeat(20_000)}<iframe src="https://www.youtube.com/embed/${ID}"></iframe>`)).toBeNull();
  });
});

describe("lessonPlayer", () => {
  const base = { id: "0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0", videoUrl: null, videoStoragePath: null, embedCode: null };

  it("plays an uploaded file from the access-checked route, never from its storage path", () => {
    expect(lessonPlayer({ ...base, videoProvider: "upload", videoStoragePath: "course/123-clip.mp4" })).toEqual({
      kind: "file",
      src: `/api/lessons/${base.id}/video`,
    });
    expect(lessonPlayer({ ...base, videoProvider: "upload" })).toBeNull();
  });

  it("plays YouTube, Vimeo and embeds as iframes, and nothing for a bad link", () => {
    expect(lessonPlayer({ ...base, videoProvider: "youtube", videoUrl: `https://youtu.be/${ID}` })).toMatchObject({
      kind: "iframe",
      src: `https://www.youtube-nocookie.com/embed/${ID}`,
    });
    expect(lessonPlayer({ ...base, videoProvider: "vimeo", videoUrl: "https://vimeo.com/1" })).toMatchObject({
      src: "https://player.vimeo.com/video/1?dnt=1",
    });
    expect(
      lessonPlayer({
        ...base,
        videoProvider: "embed",
        embedCode: '<iframe src="https://www.loom.com/embed/0123456789abcdef0123456789abcdef" title="Demo"></iframe>',
      }),
    ).toMatchObject({
      title: "Demo",
    });
    expect(lessonPlayer({ ...base, videoProvider: "youtube", videoUrl: "https://evil.example" })).toBeNull();
  });
});
