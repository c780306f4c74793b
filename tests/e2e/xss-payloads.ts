/**
 * The attack suite's XSS corpus (issue 22), written for this site: Markdown fields, plain text
 * shown in React, attributes (alt, title, meta tags), JSON-LD, e-mail HTML and iframe embeds.
 * Every payload that ran would call `__xss(id)` (or `parent.__xss(id)` from a frame), open a
 * dialog, or trip the Content-Security-Policy: the spec listens for all three.
 */

export type Payload = { id: number; text: string };

const raw: string[] = [
  // Script elements, plain and disguised.
  "<script>__xss(1)</script>",
  "<SCRIPT SRC=data:text/javascript,__xss(2)></SCRIPT>",
  "<scr<script>ipt>__xss(3)</scr</script>ipt>",
  "<<script>script>__xss(4)<</script>/script>",
  // Event handlers.
  "<img src=x onerror=__xss(5)>",
  '<img src="x" onerror="__xss(6)">',
  "<img src=x onerror=__xss&#40;7&#41;>",
  "<body onload=__xss(8)>",
  "<input autofocus onfocus=__xss(9)>",
  "<details open ontoggle=__xss(10)>x</details>",
  "<video><source onerror=__xss(11)></video>",
  "<marquee onstart=__xss(12)>m</marquee>",
  "<x onclick=__xss(13) style=display:block;position:fixed;inset:0>click 13</x>",
  "<img src=x:x onerror=__xss(14)//",
  // SVG and MathML.
  "<svg onload=__xss(15)>",
  "<svg><script>__xss(16)</script></svg>",
  "<svg><animate onbegin=__xss(17) attributeName=x dur=1s>",
  '<svg><a xlink:href="javascript:__xss(18)"><text y="20">svg link 18</text></a></svg>',
  '<math><mi xlink:href="javascript:__xss(19)">math 19</mi></math>',
  // Mutation-XSS shapes that have fooled sanitisers.
  "<math><mtext><table><mglyph><style><img src=x onerror=__xss(20)>",
  "<form><math><mtext></form><form><mglyph><style></math><img src onerror=__xss(21)>",
  '<noscript><p title="</noscript><img src=x onerror=__xss(22)>">',
  '<!--<img src="--><img src=x onerror=__xss(23)//">',
  "<svg></p><style><a id=\"</style><img src=1 onerror=__xss(24)>\">",
  // Frames and embedded documents.
  '<iframe src="javascript:parent.__xss(25)"></iframe>',
  '<iframe srcdoc="<script>parent.__xss(26)</script>"></iframe>',
  '<iframe srcdoc="&lt;img src=x onerror=parent.__xss(27)&gt;"></iframe>',
  '<object data="javascript:__xss(28)"></object>',
  '<embed src="data:text/html,<script>parent.__xss(29)</script>">',
  // javascript:, data: and vbscript: links, raw and encoded.
  '<a href="javascript:__xss(30)">click 30</a>',
  '<a href="JaVaScRiPt:__xss(31)">click 31</a>',
  '<a href="&#106;avascript:__xss(32)">click 32</a>',
  '<a href="java&#x09;script:__xss(33)">click 33</a>',
  '<a href="data:text/html,<script>parent.__xss(34)</script>">click 34</a>',
  '<a href="vbscript:__xss(35)">click 35</a>',
  '<form action="javascript:__xss(36)"><button>submit 36</button></form>',
  '<button formaction="javascript:__xss(37)">button 37</button>',
  '<meta http-equiv="refresh" content="0;url=javascript:__xss(38)">',
  '<base href="javascript:__xss(39)//">',
  // Markdown links and images.
  "[md link 40](javascript:__xss(40))",
  "[md link 41](JAVASCRIPT:__xss(41))",
  "[md link 42](data:text/html;base64,PHNjcmlwdD5wYXJlbnQuX194c3MoMTkpPC9zY3JpcHQ+)",
  "![md image 43](javascript:__xss(43))",
  '![md image 44](x" onerror="__xss(44))',
  '[md link 45](https://example.com "x\\" onmouseover=\\"__xss(45)")',
  "[ref link 46][r46]\n\n[r46]: javascript:__xss(46)",
  "<javascript:__xss(47)>",
  "[md link 48](&#106;avascript:__xss(48))",
  "[md link 49](javascript&colon;__xss(49))",
  "[md link 50](  javascript:__xss(50))",
  // Attribute and element breakouts (titles land in <title>, meta tags, alt and aria attributes, JSON-LD).
  '"><script>__xss(51)</script>',
  "'><img src=x onerror=__xss(52)>",
  '" onmouseover="__xss(53)" x="',
  "' autofocus onfocus='__xss(54)' x='",
  "</title><script>__xss(55)</script>",
  "</textarea><script>__xss(56)</script>",
  "</script><script>__xss(57)</script>",
  "</style><img src=x onerror=__xss(58)>",
  // CSS.
  '<div style="background:url(javascript:__xss(59))">css 59</div>',
  '<div style="width:expression(__xss(60))">css 60</div>',
  "<style>@import 'javascript:__xss(61)';</style>",
  '<link rel=stylesheet href="data:text/css,*{background:url(javascript:__xss(62))}">',
  // Template-ish strings (must stay text: nothing evaluates them).
  "{{constructor.constructor('__xss(63)')()}}",
  "${__xss(64)}",
  "<%= __xss(65) %>",
  "#{__xss(66)}",
  // Entities and unicode: text that looks like markup once decoded must stay text.
  "&lt;img src=x onerror=__xss(67)&gt;",
  "&#60;script&#62;__xss(68)&#60;/script&#62;",
  "\\u003cimg src=x onerror=__xss(69)\\u003e",
  "＜script＞__xss(70)＜/script＞",
  "\u202E<img src=x onerror=__xss(71)>",
  "<img/src=x/onerror=__xss(72)>",
  // Dialogs, for the listener.
  "<img src=x onerror=alert(73)>",
  '<a href="javascript:confirm(74)">click 74</a>',
  // Plain URL fields (video URLs, logos, embed codes).
  "javascript:__xss(75)",
  'https://www.youtube.com/watch?v=x"><script>__xss(76)</script>',
  '<iframe src="https://www.youtube.com/embed/x" onload="__xss(77)"></iframe>',
  '<iframe src="javascript:__xss(78)//https://www.youtube.com/embed/x"></iframe>',
];

export const PAYLOADS: Payload[] = raw.map((text, index) => ({ id: index + 1, text }));

/** Every payload, as separate Markdown blocks. */
export const allAsMarkdown = () => PAYLOADS.map((payload) => payload.text).join("\n\n");

/** The corpus cut into `count` strings of consecutive payloads, for one-line fields (titles, names). */
export function payloadChunks(count: number) {
  const size = Math.ceil(PAYLOADS.length / count);
  return Array.from({ length: count }, (_, index) =>
    PAYLOADS.slice(index * size, (index + 1) * size)
      .map((payload) => payload.text)
      .join(" "),
  );
}
