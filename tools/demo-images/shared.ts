import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { PostCategory, TOPICS } from "../../app/lib/domain-values";

type Topic = (typeof TOPICS)[number];
import { DEFAULT_SITE_SETTINGS } from "../../app/lib/site-settings";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export const PUBLIC = path.join(ROOT, "public");

export const IMAGES = path.join(PUBLIC, "images");

export const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";

export const WEBP_QUALITY = 72;

/** The demo school's artwork (logo, Open Graph image) carries the default name of the settings. */
export const BRAND_NAME = DEFAULT_SITE_SETTINGS.schoolName;

export const BRAND_TAGLINE = "Practical courses for Shopify, AI and automation";

// ---------------------------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------------------------

/** Escapes text for use inside SVG element content and attribute values. */
export function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** FNV-1a 32-bit hash: a stable seed per slug. */
export function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Seeded PRNG (mulberry32) so every image is reproducible. */
export function rng(seed: string) {
  let a = hash(seed) || 1;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min: number, max: number) => min + (max - min) * next(),
    int: (min: number, max: number) => Math.floor(min + (max - min + 1) * next()),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)],
    chance: (p: number) => next() < p,
  };
}

export type Rng = ReturnType<typeof rng>;

export const r1 = (n: number) => Math.round(n * 10) / 10;

/** Initials from a display name: first letter of the first and last word. */
export function initials(name: string): string {
  const words = name
    .replace(/[()"'.,]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !/^(dr|mr|mrs|ms|prof)$/i.test(w));
  if (words.length === 0) return "?";
  const first = Array.from(words[0])[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? "") : "";
  return (first + last).toLocaleUpperCase("en");
}

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// ---------------------------------------------------------------------------------------------
// Palettes and themes
// ---------------------------------------------------------------------------------------------

export interface Palette {
  /** Darkest background tone (also the text scrim). */
  deep: string;
  /** Mid background tone. */
  mid: string;
  /** Bright accent for motifs. */
  accent: string;
  /** Second accent. */
  accent2: string;
  /** Very light tint for highlights and labels. */
  light: string;
}

export type MotifName = "shopify" | "ai" | "automation" | "fulfillment" | "lovable" | "execution" | "announcements" | "brand";

export interface Theme {
  key: MotifName;
  label: string;
  palette: Palette;
}

export const THEMES: Record<MotifName, Theme> = {
  shopify: {
    key: "shopify",
    label: "Shopify",
    palette: { deep: "#022c22", mid: "#047857", accent: "#34d399", accent2: "#a3e635", light: "#d1fae5" },
  },
  ai: {
    key: "ai",
    label: "AI & ChatGPT",
    palette: { deep: "#1e1b4b", mid: "#5b21b6", accent: "#a78bfa", accent2: "#818cf8", light: "#ede9fe" },
  },
  automation: {
    key: "automation",
    label: "Automation",
    palette: { deep: "#431407", mid: "#c2410c", accent: "#fbbf24", accent2: "#fb923c", light: "#ffedd5" },
  },
  fulfillment: {
    key: "fulfillment",
    label: "Fulfillment",
    palette: { deep: "#042f2e", mid: "#0f766e", accent: "#2dd4bf", accent2: "#fcd34d", light: "#ccfbf1" },
  },
  lovable: {
    key: "lovable",
    label: "Lovable",
    palette: { deep: "#4c0519", mid: "#be185d", accent: "#f9a8d4", accent2: "#fda4af", light: "#ffe4e6" },
  },
  execution: {
    key: "execution",
    label: "Execution",
    palette: { deep: "#082f49", mid: "#0369a1", accent: "#38bdf8", accent2: "#facc15", light: "#e0f2fe" },
  },
  announcements: {
    key: "announcements",
    label: "Announcements",
    palette: { deep: "#1e1b4b", mid: "#4338ca", accent: "#fbbf24", accent2: "#f472b6", light: "#e0e7ff" },
  },
  brand: {
    key: "brand",
    label: BRAND_NAME,
    palette: { deep: "#0f172a", mid: "#3730a3", accent: "#f59e0b", accent2: "#818cf8", light: "#e0e7ff" },
  },
};

/** Maps every topic and category to a theme. */
export const EXACT_THEMES: Record<string, MotifName> = {
  Shopify: "shopify",
  "AI & ChatGPT": "ai",
  "AI / ChatGPT": "ai",
  Automation: "automation",
  Fulfillment: "fulfillment",
  Lovable: "lovable",
  Execution: "execution",
  Announcements: "announcements",
} satisfies Record<Topic | PostCategory, MotifName>;

export function themeFor(label: string | undefined | null): Theme {
  const exact = label ? EXACT_THEMES[label] : undefined;
  if (exact) return THEMES[exact];
  const l = (label ?? "").toLowerCase();
  if (l.includes("shopify")) return THEMES.shopify;
  if (l.includes("ai") || l.includes("chatgpt") || l.includes("gpt")) return THEMES.ai;
  if (l.includes("automat")) return THEMES.automation;
  if (l.includes("fulfil") || l.includes("shipping") || l.includes("logistic")) return THEMES.fulfillment;
  if (l.includes("lovable")) return THEMES.lovable;
  if (l.includes("execut") || l.includes("productiv") || l.includes("ops")) return THEMES.execution;
  if (l.includes("announce") || l.includes("news")) return THEMES.announcements;
  return THEMES.brand;
}

// ---------------------------------------------------------------------------------------------
// Text measurement and wrapping (measured with the same renderer that draws the covers)
// ---------------------------------------------------------------------------------------------

export const MEASURE_SIZE = 100;

export const measureCache = new Map<string, number>();

/** Ink width of `text` at font-size 100 in the given weight, as librsvg renders it. */
export async function measure(text: string, weight: number): Promise<number> {
  const key = `${weight}|${text}`;
  const cached = measureCache.get(key);
  if (cached !== undefined) return cached;
  const width = Math.ceil(text.length * MEASURE_SIZE * 0.9 + 80);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="160">
<rect width="100%" height="100%" fill="#fff"/>
<text x="20" y="115" font-family="${FONT}" font-weight="${weight}" font-size="${MEASURE_SIZE}" fill="#000">${xml(text)}</text></svg>`;
  let result = 0;
  try {
    const { info } = await sharp(Buffer.from(svg)).trim({ threshold: 10 }).toBuffer({ resolveWithObject: true });
    result = info.width;
  } catch {
    // Nothing visible to trim (whitespace only).
    result = 0;
  }
  measureCache.set(key, result);
  return result;
}

export interface FittedText {
  lines: string[];
  size: number;
  lineHeight: number;
}

/**
 * Finds the largest font size (stepping down from maxSize) at which the text fits in the box
 * in at most maxLines lines, and balances the line breaks so the rag looks even.
 */
export async function fitText(
  text: string,
  opts: { maxWidth: number; maxHeight: number; maxSize: number; minSize: number; maxLines: number; weight?: number; leading?: number },
): Promise<FittedText> {
  const weight = opts.weight ?? 700;
  const leading = opts.leading ?? 1.12;
  const words = text.trim().split(/\s+/);
  const widthOf = async (from: number, to: number) => measure(words.slice(from, to).join(" "), weight);

  // Best partition of words into n lines minimising the widest line (exhaustive; titles are short).
  async function bestPartition(n: number): Promise<{ breaks: number[]; widest: number } | null> {
    if (n > words.length) return null;
    let best: { breaks: number[]; widest: number; spread: number } | null = null;
    const recurse = async (start: number, remaining: number, breaks: number[], widths: number[]) => {
      if (remaining === 1) {
        const w = await widthOf(start, words.length);
        const all = [...widths, w];
        const widest = Math.max(...all);
        const spread = widest - Math.min(...all);
        if (!best || widest < best.widest - 0.5 || (Math.abs(widest - best.widest) <= 0.5 && spread < best.spread)) {
          best = { breaks: [...breaks], widest, spread };
        }
        return;
      }
      for (let end = start + 1; end <= words.length - remaining + 1; end++) {
        const w = await widthOf(start, end);
        await recurse(end, remaining - 1, [...breaks, end], [...widths, w]);
      }
    };
    await recurse(0, n, [], []);
    return best;
  }

  const toLines = (breaks: number[]) => {
    const lines: string[] = [];
    let start = 0;
    for (const b of [...breaks, words.length]) {
      lines.push(words.slice(start, b).join(" "));
      start = b;
    }
    return lines;
  };

  const partitions: ({ breaks: number[]; widest: number } | null)[] = [];
  for (let n = 1; n <= opts.maxLines; n++) partitions.push(await bestPartition(n));

  // Largest size that works for each line count; then take the fewest lines whose size is
  // within ~12% of the best, so titles do not break into many short lines for a small gain.
  const options: FittedText[] = [];
  for (let n = 1; n <= opts.maxLines; n++) {
    const p = partitions[n - 1];
    if (!p) break;
    for (let size = opts.maxSize; size >= opts.minSize; size -= 2) {
      const lineHeight = Math.round(size * leading);
      const height = size + (n - 1) * lineHeight;
      if (height <= opts.maxHeight && (p.widest * size) / MEASURE_SIZE <= opts.maxWidth) {
        options.push({ lines: toLines(p.breaks), size, lineHeight });
        break;
      }
    }
  }
  if (options.length > 0) {
    const biggest = Math.max(...options.map((o) => o.size));
    return options.find((o) => o.size >= biggest * 0.88) ?? options[0];
  }
  // Fallback: keep shrinking with the max number of lines until the widest line fits.
  const n = Math.min(opts.maxLines, words.length);
  const p = partitions[n - 1] ?? { breaks: [], widest: await widthOf(0, words.length) };
  let size = opts.minSize;
  while (size > 16 && (p.widest * size) / MEASURE_SIZE > opts.maxWidth) size -= 1;
  return { lines: toLines(p.breaks), size, lineHeight: Math.round(size * leading) };
}

/** SVG <text> block with one <tspan> per line; y is the baseline of the first line. */
export function textBlock(
  fitted: FittedText,
  x: number,
  y: number,
  attrs: { fill: string; weight?: number; anchor?: "start" | "middle" | "end"; extra?: string },
): string {
  const tspans = fitted.lines.map((line, i) => `<tspan x="${x}" y="${y + i * fitted.lineHeight}">${xml(line)}</tspan>`).join("");
  return `<text font-family="${FONT}" font-weight="${attrs.weight ?? 700}" font-size="${fitted.size}" fill="${attrs.fill}" text-anchor="${attrs.anchor ?? "start"}" ${attrs.extra ?? ""}>${tspans}</text>`;
}

/** Height of a text block from the top of the first line's caps to the last baseline. */
export function blockHeight(fitted: FittedText): number {
  return fitted.size * 0.73 + (fitted.lines.length - 1) * fitted.lineHeight;
}

// ---------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------

/** Upright rocket centred on (0,0), roughly 24 wide and 34 tall at scale 1. */
export function rocketShape(body: string, window: string, fin: string, flame: string, flameCore: string): string {
  return `<path d="M-4.2 10.5 Q0 24 4.2 10.5 Z" fill="${flame}"/>
<path d="M-2.2 10.5 Q0 18 2.2 10.5 Z" fill="${flameCore}"/>
<path d="M-6 2 L-11 9 L-11 12 L-6 10 Z" fill="${fin}"/>
<path d="M6 2 L11 9 L11 12 L6 10 Z" fill="${fin}"/>
<path d="M0 -16 C5.5 -11 6.8 -4 6.8 3 L6.8 10.5 L-6.8 10.5 L-6.8 3 C-6.8 -4 -5.5 -11 0 -16 Z" fill="${body}"/>
<circle cx="0" cy="-2.5" r="3" fill="${window}"/>
<path d="M-2 10.5 L2 10.5 L1.2 13 L-1.2 13 Z" fill="${fin}"/>`;
}

/** The brand mark: a rocket lifting off inside a rounded square, in a 40x40 box. */
export function brandMark(idPrefix: string): { defs: string; body: string } {
  const defs = `<linearGradient id="${idPrefix}-bg" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#312e81"/></linearGradient>
<linearGradient id="${idPrefix}-fl" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f97316"/></linearGradient>`;
  const body = `<rect x="0" y="0" width="40" height="40" rx="10" fill="url(#${idPrefix}-bg)"/>
<path d="M6 33 Q20 27 34 33" fill="none" stroke="#a5b4fc" stroke-width="1.6" stroke-linecap="round" opacity="0.55"/>
<circle cx="9" cy="10" r="1.1" fill="#e0e7ff" opacity="0.8"/>
<circle cx="31" cy="30" r="0.9" fill="#e0e7ff" opacity="0.6"/>
<circle cx="32" cy="8.5" r="0.8" fill="#e0e7ff" opacity="0.7"/>
<g transform="translate(20.5 19.5) rotate(40) scale(0.82)">${rocketShape("#ffffff", "#6366f1", "#c7d2fe", `url(#${idPrefix}-fl)`, "#fff7ed")}</g>`;
  return { defs, body };
}

export function roundedRect(x: number, y: number, w: number, h: number, r: number, attrs: string): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(r)}" ${attrs}/>`;
}

export function heartPath(cx: number, cy: number, s: number): string {
  // Heart of width ~2s centred on (cx, cy).
  const p = (x: number, y: number) => `${r1(cx + x * s)} ${r1(cy + y * s)}`;
  return `M${p(0, 0.85)} C${p(-0.15, 0.7)} ${p(-1, 0.15)} ${p(-1, -0.35)} C${p(-1, -0.85)} ${p(-0.5, -1.05)} ${p(0, -0.6)} C${p(0.5, -1.05)} ${p(1, -0.85)} ${p(1, -0.35)} C${p(1, 0.15)} ${p(0.15, 0.7)} ${p(0, 0.85)} Z`;
}

export function sparkle(cx: number, cy: number, s: number, fill: string, opacity = 1): string {
  const p = (x: number, y: number) => `${r1(cx + x * s)} ${r1(cy + y * s)}`;
  return `<path d="M${p(0, -1)} Q${p(0.12, -0.12)} ${p(1, 0)} Q${p(0.12, 0.12)} ${p(0, 1)} Q${p(-0.12, 0.12)} ${p(-1, 0)} Q${p(-0.12, -0.12)} ${p(0, -1)} Z" fill="${fill}" opacity="${opacity}"/>`;
}

export function gear(cx: number, cy: number, radius: number, teeth: number, attrs: string): string {
  const pts: string[] = [];
  const inner = radius * 0.8;
  for (let i = 0; i < teeth; i++) {
    const a0 = (i / teeth) * Math.PI * 2;
    const step = (Math.PI * 2) / teeth;
    const seq: [number, number][] = [
      [a0, inner],
      [a0 + step * 0.12, radius],
      [a0 + step * 0.45, radius],
      [a0 + step * 0.57, inner],
    ];
    for (const [a, rad] of seq) pts.push(`${r1(cx + Math.cos(a) * rad)},${r1(cy + Math.sin(a) * rad)}`);
  }
  return `<polygon points="${pts.join(" ")}" ${attrs}/>`;
}

/** Isometric box with its top-front corner at (x, y). */
export function isoBox(
  x: number,
  y: number,
  w: number,
  d: number,
  h: number,
  colors: { top: string; left: string; right: string; tape: string },
): string {
  const c = Math.cos(Math.PI / 6);
  const s = 0.5;
  const A = [x, y];
  const B = [x + w * c, y - w * s];
  const C = [x + w * c - d * c, y - w * s - d * s];
  const D = [x - d * c, y - d * s];
  const pt = (p: number[]) => `${r1(p[0])},${r1(p[1])}`;
  const down = (p: number[]) => [p[0], p[1] + h];
  const top = `<polygon points="${[A, B, C, D].map(pt).join(" ")}" fill="${colors.top}"/>`;
  const left = `<polygon points="${[D, A, down(A), down(D)].map(pt).join(" ")}" fill="${colors.left}"/>`;
  const right = `<polygon points="${[A, B, down(B), down(A)].map(pt).join(" ")}" fill="${colors.right}"/>`;
  // Tape across the top (along the depth axis, through the middle of the width) and down the right face.
  const m1 = [x + (w * c) / 2, y - (w * s) / 2];
  const m2 = [m1[0] - d * c, m1[1] - d * s];
  const tw = w * 0.09;
  const tapeTop = `<polygon points="${[
    [m1[0] - tw * c, m1[1] + tw * s],
    [m1[0] + tw * c, m1[1] - tw * s],
    [m2[0] + tw * c, m2[1] - tw * s],
    [m2[0] - tw * c, m2[1] + tw * s],
  ]
    .map(pt)
    .join(" ")}" fill="${colors.tape}" opacity="0.9"/>`;
  const tapeFront = `<polygon points="${[
    [m1[0] - tw * c, m1[1] + tw * s],
    [m1[0] + tw * c, m1[1] - tw * s],
    [m1[0] + tw * c, m1[1] - tw * s + h * 0.35],
    [m1[0] - tw * c, m1[1] + tw * s + h * 0.35],
  ]
    .map(pt)
    .join(" ")}" fill="${colors.tape}" opacity="0.75"/>`;
  return `<g>${left}${right}${top}${tapeTop}${tapeFront}</g>`;
}
