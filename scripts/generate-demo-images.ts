/**
 * Generates every piece of demo artwork the site ships: course, blog and playbook covers,
 * avatars, the instructor portrait card, per-topic fallback covers, the logo, the favicon and
 * the default social card.
 *
 * Why this exists: the demo content must not ship third-party images, fonts or stock photos.
 * Everything here is drawn in code as SVG (shapes, gradients and the system sans-serif font
 * that librsvg finds locally) and rendered to WebP with sharp, so the project owns all of it.
 *
 * Run from the repository root:  npx tsx scripts/generate-demo-images.ts
 * The output is deterministic (all variation comes from a hash of each slug) and the script
 * overwrites its previous output, so it is safe to re-run after the demo content changes.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import type { PostCategory, Topic } from "../app/lib/domain-values";
import { loadDemoSchool } from "../app/server/db/seed/demo-school.server";
import { DEFAULT_SITE_SETTINGS } from "../app/lib/site-settings";

const demo = loadDemoSchool();

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const PUBLIC = path.join(ROOT, "public");
const IMAGES = path.join(PUBLIC, "images");

const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const WEBP_QUALITY = 72;
/** The demo school's artwork (logo, Open Graph image) carries the default name of the settings. */
const BRAND_NAME = DEFAULT_SITE_SETTINGS.schoolName;
const BRAND_TAGLINE = "Practical courses for Shopify, AI and automation";

// ---------------------------------------------------------------------------------------------
// Small utilities
// ---------------------------------------------------------------------------------------------

/** Escapes text for use inside SVG element content and attribute values. */
function xml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");
}

/** FNV-1a 32-bit hash: a stable seed per slug. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** Seeded PRNG (mulberry32) so every image is reproducible. */
function rng(seed: string) {
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
type Rng = ReturnType<typeof rng>;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Initials from a display name: first letter of the first and last word. */
function initials(name: string): string {
  const words = name
    .replace(/[()"'.,]/g, " ")
    .split(/\s+/)
    .filter((w) => w && !/^(dr|mr|mrs|ms|prof)$/i.test(w));
  if (words.length === 0) return "?";
  const first = Array.from(words[0])[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? "") : "";
  return (first + last).toLocaleUpperCase("en");
}

function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

// ---------------------------------------------------------------------------------------------
// Palettes and themes
// ---------------------------------------------------------------------------------------------

interface Palette {
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

type MotifName = "shopify" | "ai" | "automation" | "fulfillment" | "lovable" | "execution" | "announcements" | "brand";

interface Theme {
  key: MotifName;
  label: string;
  palette: Palette;
}

const THEMES: Record<MotifName, Theme> = {
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
const EXACT_THEMES: Record<string, MotifName> = {
  Shopify: "shopify",
  "AI & ChatGPT": "ai",
  "AI / ChatGPT": "ai",
  Automation: "automation",
  Fulfillment: "fulfillment",
  Lovable: "lovable",
  Execution: "execution",
  Announcements: "announcements",
} satisfies Record<Topic | PostCategory, MotifName>;

function themeFor(label: string | undefined | null): Theme {
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

const MEASURE_SIZE = 100;
const measureCache = new Map<string, number>();

/** Ink width of `text` at font-size 100 in the given weight, as librsvg renders it. */
async function measure(text: string, weight: number): Promise<number> {
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

interface FittedText {
  lines: string[];
  size: number;
  lineHeight: number;
}

/**
 * Finds the largest font size (stepping down from maxSize) at which the text fits in the box
 * in at most maxLines lines, and balances the line breaks so the rag looks even.
 */
async function fitText(
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
function textBlock(
  fitted: FittedText,
  x: number,
  y: number,
  attrs: { fill: string; weight?: number; anchor?: "start" | "middle" | "end"; extra?: string },
): string {
  const tspans = fitted.lines.map((line, i) => `<tspan x="${x}" y="${y + i * fitted.lineHeight}">${xml(line)}</tspan>`).join("");
  return `<text font-family="${FONT}" font-weight="${attrs.weight ?? 700}" font-size="${fitted.size}" fill="${attrs.fill}" text-anchor="${attrs.anchor ?? "start"}" ${attrs.extra ?? ""}>${tspans}</text>`;
}

/** Height of a text block from the top of the first line's caps to the last baseline. */
function blockHeight(fitted: FittedText): number {
  return fitted.size * 0.73 + (fitted.lines.length - 1) * fitted.lineHeight;
}

// ---------------------------------------------------------------------------------------------
// Shared shapes
// ---------------------------------------------------------------------------------------------

/** Upright rocket centred on (0,0), roughly 24 wide and 34 tall at scale 1. */
function rocketShape(body: string, window: string, fin: string, flame: string, flameCore: string): string {
  return `<path d="M-4.2 10.5 Q0 24 4.2 10.5 Z" fill="${flame}"/>
<path d="M-2.2 10.5 Q0 18 2.2 10.5 Z" fill="${flameCore}"/>
<path d="M-6 2 L-11 9 L-11 12 L-6 10 Z" fill="${fin}"/>
<path d="M6 2 L11 9 L11 12 L6 10 Z" fill="${fin}"/>
<path d="M0 -16 C5.5 -11 6.8 -4 6.8 3 L6.8 10.5 L-6.8 10.5 L-6.8 3 C-6.8 -4 -5.5 -11 0 -16 Z" fill="${body}"/>
<circle cx="0" cy="-2.5" r="3" fill="${window}"/>
<path d="M-2 10.5 L2 10.5 L1.2 13 L-1.2 13 Z" fill="${fin}"/>`;
}

/** The brand mark: a rocket lifting off inside a rounded square, in a 40x40 box. */
function brandMark(idPrefix: string): { defs: string; body: string } {
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

function roundedRect(x: number, y: number, w: number, h: number, r: number, attrs: string): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(r)}" ${attrs}/>`;
}

function heartPath(cx: number, cy: number, s: number): string {
  // Heart of width ~2s centred on (cx, cy).
  const p = (x: number, y: number) => `${r1(cx + x * s)} ${r1(cy + y * s)}`;
  return `M${p(0, 0.85)} C${p(-0.15, 0.7)} ${p(-1, 0.15)} ${p(-1, -0.35)} C${p(-1, -0.85)} ${p(-0.5, -1.05)} ${p(0, -0.6)} C${p(0.5, -1.05)} ${p(1, -0.85)} ${p(1, -0.35)} C${p(1, 0.15)} ${p(0.15, 0.7)} ${p(0, 0.85)} Z`;
}

function sparkle(cx: number, cy: number, s: number, fill: string, opacity = 1): string {
  const p = (x: number, y: number) => `${r1(cx + x * s)} ${r1(cy + y * s)}`;
  return `<path d="M${p(0, -1)} Q${p(0.12, -0.12)} ${p(1, 0)} Q${p(0.12, 0.12)} ${p(0, 1)} Q${p(-0.12, 0.12)} ${p(-1, 0)} Q${p(-0.12, -0.12)} ${p(0, -1)} Z" fill="${fill}" opacity="${opacity}"/>`;
}

function gear(cx: number, cy: number, radius: number, teeth: number, attrs: string): string {
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
function isoBox(
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

// ---------------------------------------------------------------------------------------------
// Motifs: each draws into a roughly 560 x 560 box with its origin at the top-left.
// ---------------------------------------------------------------------------------------------

function motifShopify(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Storefront in the back.
  const sx = r.range(170, 230);
  const sy = r.range(40, 90);
  const sw = 300;
  out.push(roundedRect(sx, sy + 70, sw, 250, 14, `fill="${p.light}" opacity="0.16"`));
  out.push(roundedRect(sx + 30, sy + 150, 90, 170, 8, `fill="${p.deep}" opacity="0.35"`));
  out.push(roundedRect(sx + 150, sy + 150, 120, 80, 8, `fill="${p.light}" opacity="0.22"`));
  // Striped awning with scallops.
  const stripes = 6;
  const stripeW = sw / stripes;
  for (let i = 0; i < stripes; i++) {
    const fill = i % 2 === 0 ? p.accent : p.light;
    out.push(
      `<rect x="${r1(sx + i * stripeW)}" y="${r1(sy + 20)}" width="${r1(stripeW)}" height="60" fill="${fill}" opacity="${i % 2 === 0 ? 0.95 : 0.85}"/>`,
    );
    out.push(
      `<circle cx="${r1(sx + i * stripeW + stripeW / 2)}" cy="${r1(sy + 80)}" r="${r1(stripeW / 2)}" fill="${fill}" opacity="${i % 2 === 0 ? 0.95 : 0.85}"/>`,
    );
  }
  out.push(roundedRect(sx - 10, sy, sw + 20, 26, 8, `fill="${p.light}"`));

  // Big shopping bag in front.
  const bx = r.range(40, 110);
  const by = r.range(250, 300);
  const bw = r.range(210, 240);
  const bh = bw * 1.05;
  out.push(
    `<path d="M${r1(bx + bw * 0.3)} ${r1(by + 10)} V${r1(by - 20)} a${r1(bw * 0.2)} ${r1(bw * 0.2)} 0 0 1 ${r1(bw * 0.4)} 0 V${r1(by + 10)}" fill="none" stroke="${p.light}" stroke-width="14" stroke-linecap="round"/>`,
  );
  out.push(
    `<path d="M${r1(bx)} ${r1(by)} H${r1(bx + bw)} L${r1(bx + bw + 14)} ${r1(by + bh)} Q${r1(bx + bw + 16)} ${r1(by + bh + 18)} ${r1(bx + bw - 4)} ${r1(by + bh + 18)} H${r1(bx + 4)} Q${r1(bx - 16)} ${r1(by + bh + 18)} ${r1(bx - 14)} ${r1(by + bh)} Z" fill="url(#motifGrad)"/>`,
  );
  out.push(
    `<path d="M${r1(bx + bw * 0.3)} ${r1(by + 34)} a${r1(bw * 0.2)} ${r1(bw * 0.2)} 0 0 0 ${r1(bw * 0.4)} 0" fill="none" stroke="${p.deep}" stroke-width="10" stroke-linecap="round" opacity="0.55"/>`,
  );
  out.push(`<circle cx="${r1(bx + bw * 0.3)}" cy="${r1(by + 34)}" r="9" fill="${p.deep}" opacity="0.6"/>`);
  out.push(`<circle cx="${r1(bx + bw * 0.7)}" cy="${r1(by + 34)}" r="9" fill="${p.deep}" opacity="0.6"/>`);

  // Price tag and coins.
  const tx = r.range(380, 450);
  const ty = r.range(380, 440);
  out.push(
    `<g transform="rotate(${r1(r.range(-25, 25))} ${r1(tx)} ${r1(ty)})"><path d="M${r1(tx - 40)} ${r1(ty - 26)} H${r1(tx + 30)} L${r1(tx + 56)} ${r1(ty)} L${r1(tx + 30)} ${r1(ty + 26)} H${r1(tx - 40)} Z" fill="${p.accent2}"/><circle cx="${r1(tx + 28)}" cy="${r1(ty)}" r="7" fill="${p.deep}" opacity="0.7"/><rect x="${r1(tx - 28)}" y="${r1(ty - 6)}" width="38" height="12" rx="6" fill="${p.deep}" opacity="0.45"/></g>`,
  );
  for (let i = 0; i < 3; i++) {
    const cx = r.range(20, 520);
    const cy = r.range(20, 540);
    const rad = r.range(10, 22);
    out.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(rad)}" fill="none" stroke="${p.accent}" stroke-width="4" opacity="0.6"/>`);
  }
  return out.join("\n");
}

function motifAi(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Neural network: layers of nodes with connections.
  const layers = [r.int(3, 4), r.int(4, 5), r.int(3, 5), r.int(2, 3)];
  const x0 = r.range(40, 80);
  const dx = r.range(120, 140);
  const nodes: { x: number; y: number }[][] = layers.map((count, li) => {
    const gap = 100;
    const top = 290 - ((count - 1) * gap) / 2 + r.range(-20, 20);
    return Array.from({ length: count }, (_, i) => ({ x: x0 + li * dx, y: top + i * gap }));
  });
  const lines: string[] = [];
  for (let li = 0; li < nodes.length - 1; li++) {
    for (const a of nodes[li]) {
      for (const b of nodes[li + 1]) {
        const hot = r.chance(0.22);
        lines.push(
          `<line x1="${r1(a.x)}" y1="${r1(a.y)}" x2="${r1(b.x)}" y2="${r1(b.y)}" stroke="${hot ? p.accent : p.light}" stroke-width="${hot ? 3.5 : 2}" opacity="${hot ? 0.85 : 0.22}"/>`,
        );
      }
    }
  }
  out.push(lines.join(""));
  for (const layer of nodes) {
    for (const n of layer) {
      const big = r.chance(0.35);
      out.push(
        `<circle cx="${r1(n.x)}" cy="${r1(n.y)}" r="${big ? 22 : 15}" fill="${big ? "url(#motifGrad)" : p.deep}" stroke="${p.accent}" stroke-width="4"/>`,
      );
      if (big)
        out.push(`<circle cx="${r1(n.x)}" cy="${r1(n.y)}" r="36" fill="none" stroke="${p.accent}" stroke-width="2" opacity="0.35"/>`);
    }
  }
  // Chat bubbles.
  const bubble = (x: number, y: number, w: number, h: number, fill: string, tailLeft: boolean, content: string) => {
    const tail = tailLeft
      ? `M${r1(x + 26)} ${r1(y + h - 2)} L${r1(x + 10)} ${r1(y + h + 26)} L${r1(x + 56)} ${r1(y + h - 2)} Z`
      : `M${r1(x + w - 26)} ${r1(y + h - 2)} L${r1(x + w - 10)} ${r1(y + h + 26)} L${r1(x + w - 56)} ${r1(y + h - 2)} Z`;
    return `<g>${roundedRect(x, y, w, h, 22, `fill="${fill}"`)}<path d="${tail}" fill="${fill}"/>${content}</g>`;
  };
  const b1x = r.range(250, 320);
  const b1y = r.range(20, 60);
  out.push(
    bubble(
      b1x,
      b1y,
      200,
      86,
      p.light,
      false,
      [0, 1, 2].map((i) => `<circle cx="${r1(b1x + 62 + i * 38)}" cy="${r1(b1y + 43)}" r="10" fill="${p.mid}"/>`).join(""),
    ),
  );
  const b2x = r.range(0, 60);
  const b2y = r.range(430, 470);
  out.push(
    bubble(
      b2x,
      b2y,
      260,
      80,
      "url(#motifGrad)",
      true,
      `<rect x="${r1(b2x + 24)}" y="${r1(b2y + 22)}" width="170" height="12" rx="6" fill="${p.deep}" opacity="0.55"/><rect x="${r1(b2x + 24)}" y="${r1(b2y + 46)}" width="110" height="12" rx="6" fill="${p.deep}" opacity="0.4"/>`,
    ),
  );
  out.push(sparkle(r.range(470, 530), r.range(160, 240), 26, p.light, 0.9));
  out.push(sparkle(r.range(200, 260), r.range(380, 420), 14, p.accent, 0.9));
  return out.join("\n");
}

function motifAutomation(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Big gear behind.
  const gx = r.range(360, 440);
  const gy = r.range(120, 200);
  out.push(gear(gx, gy, 120, 10, `fill="${p.light}" opacity="0.12"`));
  out.push(`<circle cx="${r1(gx)}" cy="${r1(gy)}" r="42" fill="${p.deep}" opacity="0.25"/>`);
  out.push(gear(r.range(90, 140), r.range(440, 500), 60, 8, `fill="${p.accent}" opacity="0.22"`));
  // Workflow nodes connected by flow lines.
  const cards = [
    { x: r.range(10, 50), y: r.range(70, 120) },
    { x: r.range(240, 290), y: r.range(220, 270) },
    { x: r.range(30, 80), y: r.range(330, 370) },
    { x: r.range(300, 350), y: r.range(420, 470) },
  ];
  const w = 190;
  const h = 78;
  const flows: string[] = [];
  const connect = (a: { x: number; y: number }, b: { x: number; y: number }) => {
    const ax = a.x + w;
    const ay = a.y + h / 2;
    const bx = b.x;
    const by = b.y + h / 2;
    if (bx > ax) {
      flows.push(
        `<path d="M${r1(ax)} ${r1(ay)} C${r1(ax + 80)} ${r1(ay)} ${r1(bx - 80)} ${r1(by)} ${r1(bx)} ${r1(by)}" fill="none" stroke="${p.accent}" stroke-width="5" stroke-linecap="round"/>`,
      );
    } else {
      // Loop round from the bottom of a to the top of b.
      const sx = a.x + w / 2;
      const sy = a.y + h;
      const ex = b.x + w / 2;
      const ey = b.y;
      flows.push(
        `<path d="M${r1(sx)} ${r1(sy)} C${r1(sx)} ${r1(sy + 60)} ${r1(ex)} ${r1(ey - 60)} ${r1(ex)} ${r1(ey)}" fill="none" stroke="${p.accent}" stroke-width="5" stroke-linecap="round" stroke-dasharray="2 14"/>`,
      );
    }
  };
  connect(cards[0], cards[1]);
  connect(cards[1], cards[2]);
  connect(cards[2], cards[3]);
  out.push(flows.join(""));
  cards.forEach((c, i) => {
    const primary = i === 1;
    out.push(roundedRect(c.x, c.y, w, h, 18, `fill="${primary ? "url(#motifGrad)" : p.light}" opacity="${primary ? 1 : 0.92}"`));
    out.push(
      `<circle cx="${r1(c.x + 39)}" cy="${r1(c.y + h / 2)}" r="20" fill="${primary ? p.deep : p.mid}" opacity="${primary ? 0.7 : 0.9}"/>`,
    );
    if (i === 0) {
      out.push(
        `<path d="M${r1(c.x + 42)} ${r1(c.y + 24)} L${r1(c.x + 32)} ${r1(c.y + 42)} H${r1(c.x + 41)} L${r1(c.x + 36)} ${r1(c.y + 56)} L${r1(c.x + 48)} ${r1(c.y + 36)} H${r1(c.x + 39)} Z" fill="${p.accent}"/>`,
      );
    } else {
      out.push(`<circle cx="${r1(c.x + 39)}" cy="${r1(c.y + h / 2)}" r="7" fill="${primary ? p.accent : p.light}"/>`);
    }
    out.push(roundedRect(c.x + 72, c.y + 24, r.range(70, 96), 11, 5.5, `fill="${primary ? p.deep : p.mid}" opacity="0.6"`));
    out.push(roundedRect(c.x + 72, c.y + 44, r.range(40, 70), 11, 5.5, `fill="${primary ? p.deep : p.mid}" opacity="0.35"`));
    // Connector dots.
    out.push(`<circle cx="${r1(c.x + w)}" cy="${r1(c.y + h / 2)}" r="8" fill="${p.accent2}" stroke="${p.deep}" stroke-width="3"/>`);
    out.push(`<circle cx="${r1(c.x)}" cy="${r1(c.y + h / 2)}" r="8" fill="${p.accent2}" stroke="${p.deep}" stroke-width="3"/>`);
  });
  return out.join("\n");
}

function motifFulfillment(r: Rng, p: Palette): string {
  const out: string[] = [];
  const colors = { top: p.light, left: p.accent, right: p.mid, tape: p.accent2 };
  const alt = { top: "#f5e6c8", left: "#d6b67a", right: "#a8864a", tape: p.accent };
  // Dashed delivery route with a pin.
  const rx = r.range(20, 60);
  out.push(
    `<path d="M${r1(rx)} 520 C ${r1(rx + 160)} ${r1(r.range(380, 460))} ${r1(r.range(260, 340))} 560 520 ${r1(r.range(420, 480))}" fill="none" stroke="${p.light}" stroke-width="5" stroke-dasharray="4 16" stroke-linecap="round" opacity="0.7"/>`,
  );
  const px = r.range(430, 500);
  const py = r.range(60, 120);
  out.push(
    `<path d="M${r1(px)} ${r1(py + 70)} C${r1(px - 14)} ${r1(py + 48)} ${r1(px - 38)} ${r1(py + 30)} ${r1(px - 38)} ${r1(py + 4)} a38 38 0 0 1 76 0 C${r1(px + 38)} ${r1(py + 30)} ${r1(px + 14)} ${r1(py + 48)} ${r1(px)} ${r1(py + 70)} Z" fill="${p.accent2}"/>`,
  );
  out.push(`<circle cx="${r1(px)}" cy="${r1(py + 4)}" r="14" fill="${p.deep}" opacity="0.7"/>`);
  // Stack of boxes.
  const bx = r.range(150, 200);
  const by = r.range(300, 330);
  out.push(isoBox(bx, by, 170, 170, 150, colors));
  out.push(isoBox(bx + 150, by + 80, 130, 130, 115, alt));
  out.push(isoBox(bx - 60, by - 150, 140, 140, 125, r.chance(0.5) ? alt : colors));
  out.push(isoBox(bx - 140, by + 60, 110, 110, 95, colors));
  // Check badge.
  const cx = r.range(60, 110);
  const cy = r.range(60, 110);
  out.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="34" fill="${p.light}"/>`);
  out.push(
    `<path d="M${r1(cx - 15)} ${r1(cy + 1)} L${r1(cx - 4)} ${r1(cy + 12)} L${r1(cx + 16)} ${r1(cy - 10)}" fill="none" stroke="${p.mid}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`,
  );
  return out.join("\n");
}

function motifLovable(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Code window.
  const wx = r.range(60, 110);
  const wy = r.range(90, 130);
  const ww = 380;
  const wh = 300;
  out.push(roundedRect(wx, wy, ww, wh, 24, `fill="${p.deep}" opacity="0.55" stroke="${p.light}" stroke-opacity="0.35" stroke-width="2"`));
  out.push(`<path d="M${r1(wx)} ${r1(wy + 48)} H${r1(wx + ww)}" stroke="${p.light}" stroke-opacity="0.25" stroke-width="2"/>`);
  ["#fb7185", "#fbbf24", "#34d399"].forEach((c, i) =>
    out.push(`<circle cx="${r1(wx + 30 + i * 26)}" cy="${r1(wy + 24)}" r="8" fill="${c}"/>`),
  );
  const codeColors = [p.accent, p.light, p.accent2, "#c4b5fd"];
  for (let i = 0; i < 7; i++) {
    const indent = [0, 1, 2, 2, 1, 2, 0][i] * 28;
    let x = wx + 30 + indent;
    const y = wy + 72 + i * 30;
    const parts = r.int(1, 3);
    for (let k = 0; k < parts; k++) {
      const len = r.range(30, 100);
      if (x + len > wx + ww - 30) break;
      out.push(roundedRect(x, y, len, 12, 6, `fill="${r.pick(codeColors)}" opacity="${r1(r.range(0.55, 0.95))}"`));
      x += len + 14;
    }
  }
  // Giant brackets "</>".
  const cx = r.range(300, 360);
  const cy = r.range(400, 440);
  const s = 1;
  out.push(`<g transform="translate(${r1(cx)} ${r1(cy)}) scale(${s})" fill="none" stroke="url(#motifGrad)" stroke-width="26" stroke-linecap="round" stroke-linejoin="round">
<path d="M-90 -60 L-160 0 L-90 60"/><path d="M90 -60 L160 0 L90 60"/><path d="M30 -80 L-30 80"/></g>`);
  // Hearts.
  out.push(`<path d="${heartPath(r.range(440, 510), r.range(60, 110), 46)}" fill="${p.accent2}"/>`);
  out.push(`<path d="${heartPath(r.range(20, 60), r.range(440, 500), 26)}" fill="${p.light}" opacity="0.85"/>`);
  out.push(`<path d="${heartPath(r.range(470, 520), r.range(280, 330), 18)}" fill="${p.accent}" opacity="0.8"/>`);
  return out.join("\n");
}

function motifExecution(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Target rings.
  const tx = r.range(380, 440);
  const ty = r.range(120, 170);
  [110, 80, 50, 22].forEach((rad, i) =>
    out.push(
      `<circle cx="${r1(tx)}" cy="${r1(ty)}" r="${rad}" fill="${i % 2 === 0 ? p.light : p.mid}" opacity="${i % 2 === 0 ? 0.9 : 1}"/>`,
    ),
  );
  out.push(`<circle cx="${r1(tx)}" cy="${r1(ty)}" r="10" fill="${p.accent2}"/>`);
  out.push(
    `<path d="M${r1(tx)} ${r1(ty)} L${r1(tx + 130)} ${r1(ty - 110)}" stroke="${p.accent2}" stroke-width="8" stroke-linecap="round"/>`,
  );
  out.push(`<path d="M${r1(tx + 130)} ${r1(ty - 110)} l-6 30 l26 -8 z" fill="${p.accent2}"/>`);
  // Checklist card.
  const cx = r.range(20, 70);
  const cy = r.range(220, 260);
  out.push(roundedRect(cx, cy, 330, 290, 24, `fill="${p.light}"`));
  for (let i = 0; i < 4; i++) {
    const y = cy + 40 + i * 60;
    const done = i < r.int(2, 3);
    out.push(roundedRect(cx + 28, y, 36, 36, 9, done ? `fill="${p.mid}"` : `fill="none" stroke="${p.mid}" stroke-width="4"`));
    if (done)
      out.push(
        `<path d="M${r1(cx + 36)} ${r1(y + 18)} l8 8 l14 -16" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round" stroke-linejoin="round"/>`,
      );
    out.push(roundedRect(cx + 82, y + 11, r.range(120, 200), 14, 7, `fill="${p.deep}" opacity="${done ? 0.3 : 0.6}"`));
  }
  // Progress bars.
  for (let i = 0; i < 2; i++) {
    const y = r.range(300, 320) + i * 70 + 120;
    out.push(roundedRect(380, y, 160, 18, 9, `fill="${p.light}" opacity="0.25"`));
    out.push(roundedRect(380, y, r.range(70, 150), 18, 9, `fill="url(#motifGrad)"`));
  }
  return out.join("\n");
}

function motifAnnouncements(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Megaphone.
  const mx = r.range(60, 110);
  const my = r.range(250, 300);
  out.push(`<g transform="rotate(${r1(r.range(-18, -8))} ${r1(mx + 150)} ${r1(my + 60)})">
<path d="M${r1(mx)} ${r1(my + 30)} L${r1(mx + 230)} ${r1(my - 50)} L${r1(mx + 230)} ${r1(my + 170)} L${r1(mx)} ${r1(my + 90)} Z" fill="url(#motifGrad)"/>
${roundedRect(mx - 40, my + 22, 56, 76, 16, `fill="${p.light}"`)}
${roundedRect(mx + 222, my - 62, 36, 244, 18, `fill="${p.light}"`)}
<path d="M${r1(mx + 20)} ${r1(my + 92)} L${r1(mx + 40)} ${r1(my + 170)} Q${r1(mx + 44)} ${r1(my + 184)} ${r1(mx + 58)} ${r1(my + 180)} L${r1(mx + 78)} ${r1(my + 172)} L${r1(mx + 66)} ${r1(my + 100)} Z" fill="${p.light}" opacity="0.85"/>
</g>`);
  // Sound arcs.
  const ax = mx + 300;
  const ay = my + 40;
  [50, 95, 140].forEach((rad, i) =>
    out.push(
      `<path d="M${r1(ax + rad * 0.5)} ${r1(ay - rad * 0.85)} A${rad} ${rad} 0 0 1 ${r1(ax + rad * 0.5)} ${r1(ay + rad * 0.85)}" fill="none" stroke="${i === 1 ? p.accent2 : p.light}" stroke-width="10" stroke-linecap="round" opacity="${0.9 - i * 0.2}"/>`,
    ),
  );
  // Confetti and sparkles.
  for (let i = 0; i < 9; i++) {
    const x = r.range(20, 540);
    const y = r.range(20, 220);
    const c = r.pick([p.accent, p.accent2, p.light]);
    out.push(
      `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(r.range(10, 22))}" height="8" rx="4" fill="${c}" transform="rotate(${r1(r.range(0, 180))} ${r1(x)} ${r1(y)})" opacity="0.9"/>`,
    );
  }
  out.push(sparkle(r.range(420, 500), r.range(60, 120), 30, p.accent));
  out.push(sparkle(r.range(100, 180), r.range(80, 140), 18, p.light));
  return out.join("\n");
}

function motifBrand(r: Rng, p: Palette): string {
  const out: string[] = [];
  // Orbit rings and stars around a big rocket taking off.
  out.push(
    `<ellipse cx="280" cy="300" rx="250" ry="110" fill="none" stroke="${p.light}" stroke-opacity="0.18" stroke-width="3" transform="rotate(-24 280 300)"/>`,
  );
  out.push(
    `<ellipse cx="280" cy="300" rx="200" ry="200" fill="none" stroke="${p.accent2}" stroke-opacity="0.25" stroke-width="2" stroke-dasharray="3 12"/>`,
  );
  for (let i = 0; i < 14; i++) {
    out.push(
      `<circle cx="${r1(r.range(10, 550))}" cy="${r1(r.range(10, 550))}" r="${r1(r.range(1.5, 4))}" fill="${p.light}" opacity="${r1(r.range(0.4, 0.9))}"/>`,
    );
  }
  out.push(sparkle(r.range(440, 520), r.range(60, 120), 22, p.accent));
  out.push(sparkle(r.range(60, 120), r.range(420, 480), 16, p.light, 0.9));
  // Smoke puffs.
  [
    [150, 470, 46],
    [205, 500, 36],
    [110, 520, 30],
    [250, 530, 24],
  ].forEach(([x, y, rad]) => out.push(`<circle cx="${x}" cy="${y}" r="${rad}" fill="${p.light}" opacity="0.18"/>`));
  out.push(
    `<g transform="translate(290 290) rotate(40) scale(9)">${rocketShape(p.light, p.mid, p.accent2, "url(#flameGrad)", "#fff7ed")}</g>`,
  );
  return out.join("\n");
}

/** Shopify, variant: a rising sales chart with a bag and a cart. */
function motifShopifyGrowth(r: Rng, p: Palette): string {
  const out: string[] = [];
  const baseY = 470;
  const x0 = r.range(120, 140);
  const barW = 52;
  const gap = 20;
  const heights = [90, 140, 120, 210, 290].map((h) => h * r.range(0.9, 1.1));
  out.push(roundedRect(x0 - 30, baseY, 5 * (barW + gap) + 40, 10, 5, `fill="${p.light}" opacity="0.5"`));
  const tops: [number, number][] = [];
  heights.forEach((h, i) => {
    const x = x0 + i * (barW + gap);
    out.push(
      roundedRect(
        x,
        baseY - h,
        barW,
        h,
        12,
        i === heights.length - 1 ? `fill="url(#motifGrad)"` : `fill="${p.light}" opacity="${r1(0.25 + i * 0.1)}"`,
      ),
    );
    tops.push([x + barW / 2, baseY - h - 34]);
  });
  const line = tops.map(([x, y], i) => `${i === 0 ? "M" : "L"}${r1(x)} ${r1(y)}`).join(" ");
  out.push(`<path d="${line}" fill="none" stroke="${p.accent2}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round"/>`);
  const [lx, ly] = tops[tops.length - 1];
  out.push(`<path d="M${r1(lx - 8)} ${r1(ly - 30)} L${r1(lx + 26)} ${r1(ly - 22)} L${r1(lx + 4)} ${r1(ly + 6)} Z" fill="${p.accent2}"/>`);
  tops
    .slice(0, -1)
    .forEach(([x, y]) => out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="9" fill="${p.deep}" stroke="${p.accent2}" stroke-width="5"/>`));
  // Small bag, top-left.
  const bx = r.range(20, 60);
  const by = r.range(60, 110);
  out.push(
    `<path d="M${r1(bx + 34)} ${r1(by + 8)} v-16 a26 26 0 0 1 52 0 v16" fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round"/>`,
  );
  out.push(roundedRect(bx, by, 120, 130, 16, `fill="${p.accent}"`));
  out.push(
    `<path d="M${r1(bx + 36)} ${r1(by + 36)} a24 24 0 0 0 48 0" fill="none" stroke="${p.deep}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>`,
  );
  // Cart.
  const cx = r.range(40, 80);
  const cy = r.range(330, 370);
  out.push(
    `<g fill="none" stroke="${p.light}" stroke-width="10" stroke-linecap="round" stroke-linejoin="round" opacity="0.85"><path d="M${r1(cx)} ${r1(cy)} h22 l18 70 h70 l14 -48 h-96"/></g>`,
  );
  out.push(
    `<circle cx="${r1(cx + 48)}" cy="${r1(cy + 92)}" r="9" fill="${p.light}"/><circle cx="${r1(cx + 100)}" cy="${r1(cy + 92)}" r="9" fill="${p.light}"/>`,
  );
  out.push(sparkle(r.range(470, 530), r.range(40, 90), 20, p.light, 0.9));
  return out.join("\n");
}

/** Shopify, variant: a phone showing a product page, with a cart badge. */
function motifShopifyPhone(r: Rng, p: Palette): string {
  const out: string[] = [];
  const px = r.range(215, 245);
  const py = r.range(30, 50);
  const pw = 250;
  const ph = 480;
  out.push(
    roundedRect(px - 12, py - 12, pw + 24, ph + 24, 44, `fill="${p.deep}" stroke="${p.light}" stroke-opacity="0.5" stroke-width="3"`),
  );
  out.push(roundedRect(px, py, pw, ph, 32, `fill="${p.light}"`));
  out.push(roundedRect(px + pw / 2 - 40, py + 12, 80, 12, 6, `fill="${p.deep}" opacity="0.8"`));
  out.push(roundedRect(px + 20, py + 46, pw - 40, 200, 20, `fill="url(#motifGrad)"`));
  // Product silhouette: a bag on the product photo.
  const bx = px + pw / 2 - 50;
  const by = py + 110;
  out.push(
    `<path d="M${r1(bx + 28)} ${r1(by + 6)} v-14 a22 22 0 0 1 44 0 v14" fill="none" stroke="${p.deep}" stroke-width="8" stroke-linecap="round" opacity="0.55"/>`,
  );
  out.push(roundedRect(bx, by, 100, 104, 12, `fill="${p.deep}" opacity="0.35"`));
  out.push(roundedRect(px + 20, py + 268, 170, 16, 8, `fill="${p.deep}" opacity="0.75"`));
  out.push(roundedRect(px + 20, py + 296, 120, 12, 6, `fill="${p.deep}" opacity="0.3"`));
  out.push(roundedRect(px + 20, py + 318, 150, 12, 6, `fill="${p.deep}" opacity="0.3"`));
  out.push(roundedRect(px + 20, py + 350, 84, 30, 15, `fill="${p.mid}" opacity="0.25"`));
  [0, 1, 2].forEach((i) =>
    out.push(`<circle cx="${r1(px + 140 + i * 30)}" cy="${r1(py + 365)}" r="11" fill="${[p.mid, p.accent2, p.deep][i]}" opacity="0.8"/>`),
  );
  out.push(roundedRect(px + 20, py + 400, pw - 40, 52, 26, `fill="${p.mid}"`));
  out.push(roundedRect(px + pw / 2 - 40, py + 420, 80, 12, 6, `fill="${p.light}"`));
  // Floating cart badge and price tag.
  const cx = r.range(120, 150);
  const cy = r.range(360, 400);
  out.push(`<circle cx="${r1(cx + 40)}" cy="${r1(cy + 40)}" r="62" fill="${p.accent}" stroke="${p.deep}" stroke-width="6"/>`);
  out.push(
    `<g fill="none" stroke="${p.deep}" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"><path d="M${r1(cx + 2)} ${r1(cy + 12)} h14 l12 46 h44 l10 -32 h-62"/></g>`,
  );
  out.push(
    `<circle cx="${r1(cx + 32)}" cy="${r1(cy + 72)}" r="6" fill="${p.deep}"/><circle cx="${r1(cx + 66)}" cy="${r1(cy + 72)}" r="6" fill="${p.deep}"/>`,
  );
  out.push(`<circle cx="${r1(cx + 88)}" cy="${r1(cy - 4)}" r="18" fill="${p.accent2}" stroke="${p.deep}" stroke-width="4"/>`);
  const tx = r.range(440, 465);
  const ty = r.range(120, 180);
  out.push(
    `<g transform="rotate(${r1(r.range(-30, 10))} ${r1(tx)} ${r1(ty)})"><path d="M${r1(tx - 44)} ${r1(ty - 28)} H${r1(tx + 30)} L${r1(tx + 58)} ${r1(ty)} L${r1(tx + 30)} ${r1(ty + 28)} H${r1(tx - 44)} Z" fill="${p.accent2}"/><circle cx="${r1(tx + 28)}" cy="${r1(ty)}" r="7" fill="${p.deep}" opacity="0.7"/><rect x="${r1(tx - 30)}" y="${r1(ty - 6)}" width="40" height="12" rx="6" fill="${p.deep}" opacity="0.45"/></g>`,
  );
  return out.join("\n");
}

/** AI, variant: a conversation of chat bubbles with a small constellation. */
function motifAiChat(r: Rng, p: Palette): string {
  const out: string[] = [];
  const bars = (x: number, y: number, widths: number[], fill: string, opacity: number) =>
    widths.map((w, i) => roundedRect(x, y + i * 26, w, 13, 6.5, `fill="${fill}" opacity="${opacity}"`)).join("");
  const a = { x: r.range(20, 60), y: r.range(40, 70) };
  out.push(roundedRect(a.x, a.y, 300, 110, 28, `fill="${p.light}"`));
  out.push(
    `<path d="M${r1(a.x + 30)} ${r1(a.y + 100)} L${r1(a.x + 16)} ${r1(a.y + 140)} L${r1(a.x + 70)} ${r1(a.y + 104)} Z" fill="${p.light}"/>`,
  );
  out.push(bars(a.x + 30, a.y + 30, [220, 160, 190].slice(0, 2), p.mid, 0.7));
  const b = { x: r.range(190, 215), y: r.range(200, 230) };
  out.push(roundedRect(b.x, b.y, 300, 150, 28, `fill="url(#motifGrad)"`));
  out.push(
    `<path d="M${r1(b.x + 270)} ${r1(b.y + 140)} L${r1(b.x + 290)} ${r1(b.y + 180)} L${r1(b.x + 226)} ${r1(b.y + 146)} Z" fill="${p.accent2}"/>`,
  );
  out.push(bars(b.x + 30, b.y + 32, [230, 190, 210, 120], p.deep, 0.55));
  const c = { x: r.range(30, 70), y: r.range(410, 440) };
  out.push(roundedRect(c.x, c.y, 170, 80, 28, `fill="${p.light}" opacity="0.92"`));
  [0, 1, 2].forEach((i) =>
    out.push(`<circle cx="${r1(c.x + 50 + i * 35)}" cy="${r1(c.y + 40)}" r="10" fill="${p.mid}" opacity="${r1(0.5 + i * 0.2)}"/>`),
  );
  // Constellation.
  const stars = Array.from({ length: 5 }, () => [r.range(380, 540), r.range(30, 170)] as [number, number]);
  stars.sort((m, n) => m[0] - n[0]);
  out.push(
    `<path d="${stars.map(([x, y], i) => `${i === 0 ? "M" : "L"}${r1(x)} ${r1(y)}`).join(" ")}" fill="none" stroke="${p.light}" stroke-width="2.5" opacity="0.5"/>`,
  );
  stars.forEach(([x, y], i) =>
    out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="${i % 2 ? 7 : 11}" fill="${i % 2 ? p.light : p.accent}"/>`),
  );
  out.push(sparkle(r.range(380, 440), r.range(430, 500), 30, p.light, 0.95));
  out.push(sparkle(r.range(250, 300), r.range(110, 150), 14, p.accent, 0.9));
  return out.join("\n");
}

/** AI, variant: a glowing chip with circuit traces. */
function motifAiChip(r: Rng, p: Palette): string {
  const out: string[] = [];
  const cx = 290;
  const cy = 280;
  const half = 110;
  const traces: string[] = [];
  const ends: string[] = [];
  for (let side = 0; side < 4; side++) {
    for (let k = 0; k < 4; k++) {
      const t = -half + 34 + k * ((2 * half - 68) / 3);
      const len = r.range(50, 110);
      const bend = r.range(-50, 50);
      let pts: [number, number][];
      if (side === 0)
        pts = [
          [cx + t, cy - half],
          [cx + t, cy - half - len * 0.5],
          [cx + t + bend, cy - half - len],
        ];
      else if (side === 1)
        pts = [
          [cx + half, cy + t],
          [cx + half + len * 0.5, cy + t],
          [cx + half + len, cy + t + bend],
        ];
      else if (side === 2)
        pts = [
          [cx + t, cy + half],
          [cx + t, cy + half + len * 0.5],
          [cx + t + bend, cy + half + len],
        ];
      else
        pts = [
          [cx - half, cy + t],
          [cx - half - len * 0.5, cy + t],
          [cx - half - len, cy + t + bend],
        ];
      traces.push(
        `<path d="M${pts.map(([x, y]) => `${r1(x)} ${r1(y)}`).join(" L")}" fill="none" stroke="${p.light}" stroke-width="4" stroke-linejoin="round" opacity="0.45"/>`,
      );
      const [ex, ey] = pts[2];
      const hot = r.chance(0.35);
      ends.push(
        `<circle cx="${r1(ex)}" cy="${r1(ey)}" r="${hot ? 11 : 8}" fill="${hot ? p.accent : p.deep}" stroke="${p.light}" stroke-width="3"/>`,
      );
    }
  }
  out.push(traces.join(""), ends.join(""));
  out.push(
    `<circle cx="${cx}" cy="${cy}" r="${half * 1.7}" fill="none" stroke="${p.accent}" stroke-width="2" opacity="0.3" stroke-dasharray="4 12"/>`,
  );
  out.push(roundedRect(cx - half, cy - half, half * 2, half * 2, 34, `fill="url(#motifGrad)"`));
  out.push(roundedRect(cx - half + 26, cy - half + 26, half * 2 - 52, half * 2 - 52, 22, `fill="${p.deep}" opacity="0.55"`));
  out.push(sparkle(cx, cy, 52, p.light));
  out.push(sparkle(cx + 44, cy - 40, 16, p.accent));
  return out.join("\n");
}

/** Automation, variant: a loop of steps around interlocking gears. */
function motifAutomationLoop(r: Rng, p: Palette): string {
  const out: string[] = [];
  const cx = 280;
  const cy = 280;
  const R = 200;
  out.push(
    `<circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="${p.accent}" stroke-width="6" stroke-dasharray="3 16" stroke-linecap="round"/>`,
  );
  out.push(gear(cx - 30, cy + 10, 92, 10, `fill="${p.light}" opacity="0.9"`));
  out.push(`<circle cx="${cx - 30}" cy="${cy + 10}" r="30" fill="${p.mid}"/>`);
  out.push(gear(cx + 78, cy - 70, 56, 8, `fill="url(#motifGrad)"`));
  out.push(`<circle cx="${cx + 78}" cy="${cy - 70}" r="18" fill="${p.deep}" opacity="0.7"/>`);
  const start = r.range(0, Math.PI * 2);
  const steps = 4;
  for (let i = 0; i < steps; i++) {
    const a = start + (i / steps) * Math.PI * 2;
    const x = cx + Math.cos(a) * R;
    const y = cy + Math.sin(a) * R;
    // Arrowhead a little further along the loop.
    const a2 = a + Math.PI / steps;
    const ax = cx + Math.cos(a2) * R;
    const ay = cy + Math.sin(a2) * R;
    const deg = (a2 * 180) / Math.PI + 90;
    out.push(`<path d="M-12 -10 L10 0 L-12 10 Z" fill="${p.accent}" transform="translate(${r1(ax)} ${r1(ay)}) rotate(${r1(deg)})"/>`);
    out.push(`<circle cx="${r1(x)}" cy="${r1(y)}" r="44" fill="${i === 0 ? p.accent2 : p.light}" stroke="${p.deep}" stroke-width="6"/>`);
    const icon = [
      `<path d="M${r1(x + 4)} ${r1(y - 22)} L${r1(x - 12)} ${r1(y + 4)} H${r1(x + 1)} L${r1(x - 4)} ${r1(y + 22)} L${r1(x + 13)} ${r1(y - 4)} H${r1(x)} Z" fill="${p.deep}"/>`,
      `${roundedRect(x - 20, y - 14, 40, 28, 5, `fill="none" stroke="${p.deep}" stroke-width="5"`)}<path d="M${r1(x - 18)} ${r1(y - 10)} L${r1(x)} ${r1(y + 4)} L${r1(x + 18)} ${r1(y - 10)}" fill="none" stroke="${p.deep}" stroke-width="5" stroke-linejoin="round"/>`,
      `<path d="M${r1(x - 15)} ${r1(y + 1)} L${r1(x - 4)} ${r1(y + 12)} L${r1(x + 16)} ${r1(y - 10)}" fill="none" stroke="${p.deep}" stroke-width="7" stroke-linecap="round" stroke-linejoin="round"/>`,
      `<circle cx="${r1(x)}" cy="${r1(y)}" r="19" fill="none" stroke="${p.deep}" stroke-width="5"/><path d="M${r1(x)} ${r1(y - 10)} V${r1(y)} L${r1(x + 8)} ${r1(y + 6)}" fill="none" stroke="${p.deep}" stroke-width="5" stroke-linecap="round"/>`,
    ][i];
    out.push(icon);
  }
  return out.join("\n");
}

/** Execution, variant: a calendar of ticked-off days and a clock. */
function motifExecutionCalendar(r: Rng, p: Palette): string {
  const out: string[] = [];
  const x = r.range(40, 80);
  const y = r.range(70, 100);
  const w = 380;
  const h = 350;
  out.push(roundedRect(x, y, w, h, 28, `fill="${p.light}"`));
  out.push(
    `<path d="M${r1(x)} ${r1(y + 28)} a28 28 0 0 1 28 -28 H${r1(x + w - 28)} a28 28 0 0 1 28 28 V${r1(y + 70)} H${r1(x)} Z" fill="url(#motifGrad)"/>`,
  );
  [0.28, 0.72].forEach((f) => out.push(roundedRect(x + w * f - 8, y - 22, 16, 44, 8, `fill="${p.deep}"`)));
  const cols = 5;
  const rows = 4;
  const cw = (w - 60) / cols;
  const chh = (h - 110) / rows;
  const done = r.int(9, 14);
  for (let j = 0; j < rows; j++) {
    for (let i = 0; i < cols; i++) {
      const k = j * cols + i;
      const cx = x + 30 + i * cw + cw / 2;
      const cy = y + 92 + j * chh + chh / 2;
      if (k < done) {
        out.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.min(cw, chh) * 0.36)}" fill="${p.mid}"/>`);
        out.push(
          `<path d="M${r1(cx - 9)} ${r1(cy + 1)} l6 6 l12 -13" fill="none" stroke="#fff" stroke-width="4.5" stroke-linecap="round" stroke-linejoin="round"/>`,
        );
      } else if (k === done) {
        out.push(
          `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(Math.min(cw, chh) * 0.36)}" fill="none" stroke="${p.accent2}" stroke-width="5"/>`,
        );
      } else {
        out.push(`<circle cx="${r1(cx)}" cy="${r1(cy)}" r="5" fill="${p.deep}" opacity="0.25"/>`);
      }
    }
  }
  // Clock.
  const kx = r.range(410, 470);
  const ky = r.range(400, 450);
  out.push(`<circle cx="${r1(kx)}" cy="${r1(ky)}" r="88" fill="${p.deep}" stroke="${p.accent}" stroke-width="10"/>`);
  for (let i = 0; i < 12; i++) {
    const a = (i / 12) * Math.PI * 2;
    out.push(`<circle cx="${r1(kx + Math.cos(a) * 66)}" cy="${r1(ky + Math.sin(a) * 66)}" r="${i % 3 === 0 ? 5 : 3}" fill="${p.light}"/>`);
  }
  const ha = r.range(0, Math.PI * 2);
  out.push(
    `<path d="M${r1(kx)} ${r1(ky)} L${r1(kx + Math.cos(ha) * 36)} ${r1(ky + Math.sin(ha) * 36)}" stroke="${p.light}" stroke-width="9" stroke-linecap="round"/>`,
  );
  out.push(`<path d="M${r1(kx)} ${r1(ky)} L${r1(kx)} ${r1(ky - 54)}" stroke="${p.accent2}" stroke-width="6" stroke-linecap="round"/>`);
  out.push(`<circle cx="${r1(kx)}" cy="${r1(ky)}" r="9" fill="${p.accent2}"/>`);
  out.push(sparkle(r.range(470, 530), r.range(60, 120), 22, p.accent2, 0.95));
  return out.join("\n");
}

type MotifFn = (r: Rng, p: Palette) => string;

/** Each theme has one or more compositions; covers of the same theme rotate through them. */
const MOTIFS: Record<MotifName, MotifFn[]> = {
  shopify: [motifShopify, motifShopifyGrowth, motifShopifyPhone],
  ai: [motifAi, motifAiChat, motifAiChip],
  automation: [motifAutomation, motifAutomationLoop],
  fulfillment: [motifFulfillment],
  lovable: [motifLovable],
  execution: [motifExecution, motifExecutionCalendar],
  announcements: [motifAnnouncements],
  brand: [motifBrand],
};

// ---------------------------------------------------------------------------------------------
// Cover composition
// ---------------------------------------------------------------------------------------------

interface CoverSpec {
  seed: string;
  width: number;
  height: number;
  theme: Theme;
  /** Small uppercase pill at the top-left. */
  label: string;
  /** Big title; omitted for the per-topic placeholders. */
  title?: string;
  /** Small line under the title (e.g. topic and level). */
  footer?: string;
  /** Optional second line under the title, used for the tagline on the social card. */
  subtitle?: string;
  /** Most lines the title may wrap onto (default 3). */
  maxLines?: number;
  /** Which of the theme's compositions to draw. */
  variant?: number;
  /** Share of the width the title may use (default 0.5). */
  textWidth?: number;
}

function commonDefs(p: Palette, width: number, height: number, r: Rng): string {
  const angle = r.range(0, 1);
  const x2 = r1(0.75 + angle * 0.25);
  const glowX = r1(r.range(0.62, 0.88) * width);
  const glowY = r1(r.range(0.2, 0.6) * height);
  return `<linearGradient id="bg" x1="0" y1="0" x2="${x2}" y2="1">
<stop offset="0" stop-color="${p.deep}"/><stop offset="0.55" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>
<radialGradient id="glow" cx="${glowX}" cy="${glowY}" r="${r1(Math.max(width, height) * 0.55)}" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="${p.accent}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.accent}" stop-opacity="0"/></radialGradient>
<radialGradient id="glow2" cx="${r1(width * 0.05)}" cy="${r1(height * 1.0)}" r="${r1(Math.max(width, height) * 0.5)}" gradientUnits="userSpaceOnUse">
<stop offset="0" stop-color="${p.accent2}" stop-opacity="0.28"/><stop offset="1" stop-color="${p.accent2}" stop-opacity="0"/></radialGradient>
<linearGradient id="scrim" x1="0" y1="0" x2="1" y2="0">
<stop offset="0" stop-color="${p.deep}" stop-opacity="0.92"/><stop offset="0.42" stop-color="${p.deep}" stop-opacity="0.72"/><stop offset="0.62" stop-color="${p.deep}" stop-opacity="0.25"/><stop offset="0.8" stop-color="${p.deep}" stop-opacity="0"/></linearGradient>
<linearGradient id="motifGrad" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${p.accent}"/><stop offset="1" stop-color="${p.accent2}"/></linearGradient>
<linearGradient id="flameGrad" x1="0" y1="0" x2="0" y2="1">
<stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f97316"/></linearGradient>
<pattern id="dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.6" fill="${p.light}"/></pattern>`;
}

/** Small inline brand mark + name used on the covers' footer line. */
function brandSignature(x: number, y: number, size: number, fill: string): string {
  const mark = brandMark("sig");
  const s = size / 40;
  return `<defs>${mark.defs}</defs><g transform="translate(${x} ${y - size * 0.78}) scale(${r1(s * 100) / 100})">${mark.body}</g>
<text x="${r1(x + size + size * 0.35)}" y="${r1(y)}" font-family="${FONT}" font-weight="700" font-size="${r1(size * 0.5)}" fill="${fill}" letter-spacing="0.5">${xml(BRAND_NAME)}</text>`;
}

async function pill(text: string, x: number, y: number, size: number, p: Palette): Promise<string> {
  const label = text.toUpperCase();
  const letterSpacing = size * 0.12;
  const width = ((await measure(label, 700)) * size) / MEASURE_SIZE + letterSpacing * (label.length - 1) + size * 2.2;
  const height = size * 2;
  return `${roundedRect(x, y, width, height, height / 2, `fill="${p.light}" fill-opacity="0.16" stroke="${p.light}" stroke-opacity="0.45" stroke-width="1.5"`)}
<circle cx="${r1(x + size * 0.85)}" cy="${r1(y + height / 2)}" r="${r1(size * 0.24)}" fill="${p.accent}"/>
<text x="${r1(x + size * 1.35)}" y="${r1(y + height / 2 + size * 0.36)}" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#ffffff" letter-spacing="${r1(letterSpacing)}">${xml(label)}</text>`;
}

async function coverSvg(spec: CoverSpec): Promise<string> {
  const { width, height, theme } = spec;
  const p = theme.palette;
  const r = rng(spec.seed);
  const unit = Math.min(width / 1200, height / 630);
  const margin = Math.round(72 * unit);

  // Motif: placed on the right, rotated and scaled from the seed.
  const motifSize = Math.min(height * 0.82, width * 0.44) * r.range(0.95, 1.05);
  const motifScale = motifSize / 560;
  const motifX = width - motifSize + r.range(-10, 30) * unit;
  const motifY = (height - motifSize) / 2 + r.range(-30, 30) * unit;
  const rotation = r.range(-8, 8);
  const variants = MOTIFS[theme.key];
  const motif = variants[(spec.variant ?? 0) % variants.length](r, p);

  // Decorative rings in the background, varied per seed.
  const rings: string[] = [];
  for (let i = 0; i < 2; i++) {
    const rad = r.range(0.25, 0.45) * height;
    rings.push(
      `<circle cx="${r1(r.range(0.45, 1) * width)}" cy="${r1(r.range(0, 1) * height)}" r="${r1(rad)}" fill="none" stroke="${p.light}" stroke-opacity="0.08" stroke-width="${r1(r.range(2, 10))}"/>`,
    );
  }
  const stripeY = r.range(0.1, 0.9) * height;

  const parts: string[] = [];
  parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`);
  parts.push(`<defs>${commonDefs(p, width, height, r)}</defs>`);
  parts.push(`<rect width="${width}" height="${height}" fill="url(#bg)"/>`);
  parts.push(`<rect width="${width}" height="${height}" fill="url(#glow)"/>`);
  parts.push(`<rect width="${width}" height="${height}" fill="url(#glow2)"/>`);
  parts.push(`<rect x="${r1(width * 0.5)}" width="${r1(width * 0.5)}" height="${height}" fill="url(#dots)" opacity="0.13"/>`);
  parts.push(rings.join(""));
  parts.push(
    `<path d="M${r1(width * 0.35)} ${r1(height + 40)} L${r1(width + 40)} ${r1(stripeY)}" stroke="${p.accent}" stroke-opacity="0.12" stroke-width="${r1(70 * unit)}"/>`,
  );
  parts.push(
    `<g transform="translate(${r1(motifX)} ${r1(motifY)}) rotate(${r1(rotation)} ${r1(motifSize / 2)} ${r1(motifSize / 2)}) scale(${r1(motifScale * 1000) / 1000})">${motif}</g>`,
  );

  const textMaxWidth = width * (spec.textWidth ?? 0.5);
  if (spec.title || spec.subtitle) parts.push(`<rect width="${width}" height="${height}" fill="url(#scrim)"/>`);

  // Label pill.
  const labelSize = Math.round(20 * unit);
  parts.push(await pill(spec.label, margin, margin, labelSize, p));

  // Footer line.
  const footerSize = Math.round(24 * unit);
  const footerY = height - margin + footerSize * 0.2;
  if (spec.footer) {
    parts.push(
      `<text x="${margin}" y="${r1(footerY)}" font-family="${FONT}" font-weight="400" font-size="${footerSize}" fill="${p.light}" fill-opacity="0.92">${xml(spec.footer)}</text>`,
    );
  } else {
    parts.push(brandSignature(margin, footerY, Math.round(34 * unit), p.light));
  }

  // Title.
  const top = margin + labelSize * 2 + 36 * unit;
  const bottom = footerY - footerSize - 34 * unit;
  if (spec.title) {
    const subtitleFit = spec.subtitle
      ? await fitText(spec.subtitle, {
          maxWidth: textMaxWidth,
          maxHeight: 120 * unit,
          maxSize: Math.round(34 * unit),
          minSize: Math.round(22 * unit),
          maxLines: 2,
          weight: 400,
          leading: 1.3,
        })
      : null;
    const subtitleSpace = subtitleFit ? blockHeight(subtitleFit) + subtitleFit.size * 0.3 + 34 * unit : 0;
    const fitted = await fitText(spec.title, {
      maxWidth: textMaxWidth,
      maxHeight: bottom - top - 24 * unit - subtitleSpace,
      maxSize: Math.round(84 * unit),
      minSize: Math.round(40 * unit),
      maxLines: spec.maxLines ?? 3,
      leading: 1.1,
    });
    const blockH = 24 * unit + blockHeight(fitted) + subtitleSpace;
    const blockTop = top + (bottom - top - blockH) / 2;
    // Accent bar above the title.
    parts.push(roundedRect(margin, blockTop, 72 * unit, 8 * unit, 4 * unit, `fill="${p.accent}"`));
    const firstBaseline = blockTop + 24 * unit + fitted.size * 0.73;
    parts.push(textBlock(fitted, margin, r1(firstBaseline), { fill: "#ffffff" }));
    if (subtitleFit) {
      const subY = firstBaseline + (fitted.lines.length - 1) * fitted.lineHeight + 34 * unit + subtitleFit.size * 0.8;
      parts.push(textBlock(subtitleFit, margin, r1(subY), { fill: p.light, weight: 400 }));
    }
  }
  parts.push(`</svg>`);
  return parts.join("\n");
}

/** Per-topic fallback cover: the motif large, the topic name, the brand signature. */
async function placeholderSvg(theme: Theme): Promise<string> {
  return coverSvg({
    seed: `placeholder-${theme.key}`,
    width: 1200,
    height: 675,
    theme,
    label: theme.key === "brand" ? "Course" : "Course",
    title: theme.key === "brand" ? BRAND_NAME : theme.label,
  });
}

// ---------------------------------------------------------------------------------------------
// Avatars and the instructor card
// ---------------------------------------------------------------------------------------------

const AVATAR_PALETTES: Palette[] = [
  THEMES.shopify.palette,
  THEMES.ai.palette,
  THEMES.automation.palette,
  THEMES.fulfillment.palette,
  THEMES.lovable.palette,
  THEMES.execution.palette,
  THEMES.announcements.palette,
];

function avatarSvg(seed: string, name: string): string {
  const r = rng(`avatar-${seed}`);
  const p = AVATAR_PALETTES[hash(`avatar-${seed}`) % AVATAR_PALETTES.length];
  const text = initials(name);
  const size = text.length > 1 ? 86 : 104;
  const angle = r1(r.range(0, 360));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1" gradientTransform="rotate(${angle} 0.5 0.5)">
<stop offset="0" stop-color="${p.mid}"/><stop offset="1" stop-color="${p.deep}"/></linearGradient>
<radialGradient id="h" cx="0.3" cy="0.22" r="0.75"><stop offset="0" stop-color="${p.light}" stop-opacity="0.38"/><stop offset="1" stop-color="${p.light}" stop-opacity="0"/></radialGradient>
<clipPath id="c"><circle cx="128" cy="128" r="124"/></clipPath>
</defs>
<circle cx="128" cy="128" r="124" fill="url(#g)"/>
<g clip-path="url(#c)">
<circle cx="128" cy="128" r="124" fill="url(#h)"/>
<circle cx="${r1(r.range(170, 230))}" cy="${r1(r.range(180, 240))}" r="${r1(r.range(60, 90))}" fill="${p.accent}" opacity="0.16"/>
</g>
<circle cx="128" cy="128" r="121" fill="none" stroke="${p.light}" stroke-opacity="0.35" stroke-width="5"/>
<text x="128" y="${r1(128 + size * 0.36)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#ffffff" letter-spacing="1">${xml(text)}</text>
</svg>`;
}

/** The instructor's headline: keeps "A · B" parts on their own lines when they fit. */
async function fitHeadline(headline: string): Promise<FittedText> {
  const parts = headline.split(/\s+·\s+/);
  if (parts.length === 2) {
    const widest = Math.max(...(await Promise.all(parts.map((part) => measure(part, 400)))));
    const size = Math.min(28, Math.floor((640 * MEASURE_SIZE) / widest));
    if (size >= 20) return { lines: parts, size, lineHeight: Math.round(size * 1.3) };
  }
  return fitText(headline, { maxWidth: 640, maxHeight: 70, maxSize: 28, minSize: 20, maxLines: 2, weight: 400, leading: 1.3 });
}

async function instructorSvg(name: string, headline: string | undefined): Promise<string> {
  const width = 800;
  const height = 960;
  const p = THEMES.brand.palette;
  const warm = THEMES.lovable.palette;
  const r = rng(`instructor-${name}`);
  const text = initials(name);
  const nameFit = await fitText(name, { maxWidth: 640, maxHeight: 130, maxSize: 60, minSize: 36, maxLines: 2 });
  const headlineFit = headline ? await fitHeadline(headline) : null;

  // Text block at the bottom.
  const headlineH = headlineFit ? blockHeight(headlineFit) + 28 : 0;
  const nameBottom = height - 80 - headlineH;
  const nameBaseline = nameBottom - (nameFit.lines.length - 1) * nameFit.lineHeight;

  const dots: string[] = [];
  for (let i = 0; i < 12; i++) {
    dots.push(
      `<circle cx="${r1(r.range(40, 760))}" cy="${r1(r.range(40, 560))}" r="${r1(r.range(2, 5))}" fill="${p.light}" opacity="${r1(r.range(0.25, 0.7))}"/>`,
    );
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<defs>
<linearGradient id="bg" x1="0" y1="0" x2="0.6" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="0.6" stop-color="#1e1b4b"/><stop offset="1" stop-color="#0f172a"/></linearGradient>
<radialGradient id="sun" cx="400" cy="360" r="330" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${p.accent}" stop-opacity="0.9"/><stop offset="0.6" stop-color="${warm.mid}" stop-opacity="0.55"/><stop offset="1" stop-color="${warm.mid}" stop-opacity="0"/></radialGradient>
<linearGradient id="skin" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#fcd9bd"/><stop offset="1" stop-color="#e9a884"/></linearGradient>
<linearGradient id="hair" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b1d2e"/><stop offset="1" stop-color="#1c0f1a"/></linearGradient>
<linearGradient id="top" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#4338ca"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#0f172a" stop-opacity="0"/><stop offset="1" stop-color="#0f172a" stop-opacity="0.95"/></linearGradient>
<pattern id="dots" width="30" height="30" patternUnits="userSpaceOnUse"><circle cx="2" cy="2" r="1.7" fill="${p.light}"/></pattern>
<clipPath id="card"><rect width="${width}" height="${height}" rx="0"/></clipPath>
</defs>
<rect width="${width}" height="${height}" fill="url(#bg)"/>
<rect width="${width}" height="${height}" fill="url(#dots)" opacity="0.1"/>
<circle cx="400" cy="360" r="330" fill="url(#sun)"/>
<circle cx="400" cy="360" r="250" fill="none" stroke="${p.light}" stroke-opacity="0.25" stroke-width="3"/>
<circle cx="400" cy="360" r="300" fill="none" stroke="${p.accent}" stroke-opacity="0.35" stroke-width="2" stroke-dasharray="4 14"/>
${dots.join("\n")}
${sparkle(650, 150, 26, p.accent)}
${sparkle(150, 230, 16, p.light, 0.85)}
<g clip-path="url(#card)">
<!-- Hair, back layer -->
<path d="M255 330 C245 180 330 120 405 122 C490 124 560 190 548 330 C544 420 560 510 590 590 Q572 628 530 612 L270 612 Q228 628 210 590 C248 510 262 420 255 330 Z" fill="url(#hair)"/>
<!-- Shoulders / top -->
<path d="M130 960 L150 740 C160 640 250 585 330 565 L470 565 C550 585 640 640 650 740 L670 960 Z" fill="url(#top)"/>
<path d="M330 565 L400 660 L470 565 Z" fill="#e9a884"/>
<path d="M355 568 C370 610 430 610 445 568" fill="none" stroke="#f59e0b" stroke-width="8" stroke-linecap="round"/>
<!-- Neck -->
<path d="M355 470 L445 470 L450 570 C430 595 370 595 350 570 Z" fill="#e9a884"/>
<!-- Face -->
<ellipse cx="400" cy="360" rx="118" ry="140" fill="url(#skin)"/>
<!-- Hair, front sweep -->
<path d="M282 340 C270 230 330 190 400 188 C470 186 530 230 522 330 C500 270 450 245 392 250 C350 254 310 290 282 340 Z" fill="url(#hair)"/>
<path d="M300 300 C330 230 410 210 470 235" fill="none" stroke="#6b3a55" stroke-width="6" stroke-linecap="round" opacity="0.7"/>
<!-- Abstract features -->
<path d="M345 372 q18 -14 36 0" fill="none" stroke="#3b1d2e" stroke-width="7" stroke-linecap="round"/>
<path d="M419 372 q18 -14 36 0" fill="none" stroke="#3b1d2e" stroke-width="7" stroke-linecap="round"/>
<circle cx="340" cy="410" r="16" fill="#f472b6" opacity="0.3"/>
<circle cx="460" cy="410" r="16" fill="#f472b6" opacity="0.3"/>
<path d="M372 430 q28 22 56 0" fill="none" stroke="#be185d" stroke-width="7" stroke-linecap="round"/>
<!-- Earrings -->
<circle cx="284" cy="395" r="9" fill="#f59e0b"/>
<circle cx="516" cy="395" r="9" fill="#f59e0b"/>
<!-- Rocket pin -->
<g transform="translate(532 672) rotate(40) scale(1.5)">${rocketShape("#e0e7ff", "#6366f1", "#a5b4fc", "#f59e0b", "#fde68a")}</g>
</g>
<rect y="${height - 400}" width="${width}" height="400" fill="url(#fade)"/>
<!-- Initials badge -->
<circle cx="680" cy="${r1(nameBaseline - nameFit.size * 0.32 - 8)}" r="58" fill="${p.accent}"/>
<text x="680" y="${r1(nameBaseline - nameFit.size * 0.32 - 8 + 16)}" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="44" fill="#1e1b4b">${xml(text)}</text>
${roundedRect(80, nameBaseline - nameFit.size * 0.73 - 36, 64, 8, 4, `fill="${p.accent}"`)}
${textBlock({ ...nameFit }, 80, r1(nameBaseline), { fill: "#ffffff" })}
${headlineFit ? textBlock(headlineFit, 80, r1(nameBottom + 28 + headlineFit.size * 0.8), { fill: p.light, weight: 400 }) : ""}
</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Logo, favicon and the default social card
// ---------------------------------------------------------------------------------------------

function logoSvg(): string {
  const mark = brandMark("lp");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="40" viewBox="0 0 200 40" role="img" aria-label="${xml(BRAND_NAME)}">
<title>${xml(BRAND_NAME)}</title>
<defs>${mark.defs}</defs>
${mark.body}
<text x="50" y="21" font-family="${FONT}" font-weight="700" font-size="19" fill="#1e1b4b" letter-spacing="-0.3">Launchpad</text>
<text x="51" y="35" font-family="${FONT}" font-weight="700" font-size="9.5" fill="#6366f1" letter-spacing="3.2">ACADEMY</text>
</svg>
`;
}

function faviconSvg(): string {
  const mark = brandMark("fv");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
<defs>${mark.defs}</defs>
${mark.body}
</svg>
`;
}

async function ogSvg(): Promise<string> {
  return coverSvg({
    seed: "og-default",
    width: 1200,
    height: 630,
    theme: THEMES.brand,
    label: "Online courses",
    title: BRAND_NAME,
    subtitle: BRAND_TAGLINE,
  });
}

// ---------------------------------------------------------------------------------------------
// Output
// ---------------------------------------------------------------------------------------------

const written: string[] = [];

async function writeWebp(relPath: string, svg: string, opts: { lossless?: boolean; alphaQuality?: number } = {}) {
  const file = path.join(PUBLIC, relPath);
  await mkdir(path.dirname(file), { recursive: true });
  await sharp(Buffer.from(svg), { density: 72 })
    .webp({ quality: WEBP_QUALITY, effort: 6, smartSubsample: true, alphaQuality: opts.alphaQuality ?? 80 })
    .toFile(file);
  written.push(relPath);
}

async function writeText(relPath: string, content: string) {
  const file = path.join(PUBLIC, relPath);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content, "utf8");
  written.push(relPath);
}

async function dirSize(dir: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    total += entry.isDirectory() ? await dirSize(full) : (await stat(full)).size;
  }
  return total;
}

function topicOf(course: { topics?: readonly string[] | null }): string | undefined {
  return course.topics?.[0];
}

/** Per-listing counter so covers of the same theme rotate through its compositions. */
function variantCounter() {
  const seen = new Map<MotifName, number>();
  return (theme: Theme) => {
    const n = seen.get(theme.key) ?? 0;
    seen.set(theme.key, n + 1);
    return n;
  };
}

async function main() {
  // Courses.
  const courseVariant = variantCounter();
  for (const course of demo.courses) {
    const theme = themeFor(topicOf(course));
    const topicsText = (course.topics ?? []).join(" + ");
    const footer = [topicsText, course.level ? capitalise(String(course.level)) : null].filter(Boolean).join("  ·  ");
    await writeWebp(
      `images/demo/courses/${course.slug}.webp`,
      await coverSvg({
        seed: course.slug,
        width: 1200,
        height: 675,
        theme,
        label: String(course.track ?? theme.label),
        title: course.title,
        footer: footer || undefined,
        variant: courseVariant(theme),
      }),
    );
  }

  // Blog posts.
  const postVariant = variantCounter();
  for (const post of demo.posts) {
    const theme = themeFor(post.category);
    await writeWebp(
      `images/demo/posts/${post.slug}.webp`,
      await coverSvg({
        seed: post.slug,
        width: 1200,
        height: 630,
        theme,
        label: String(post.category),
        title: post.title,
        maxLines: 4,
        textWidth: 0.52,
        variant: postVariant(theme),
      }),
    );
  }

  // Playbooks.
  const playbookVariant = variantCounter();
  for (const playbook of demo.playbooks) {
    const theme = themeFor(String(playbook.category ?? ""));
    await writeWebp(
      `images/demo/playbooks/${playbook.slug}.webp`,
      await coverSvg({
        seed: playbook.slug,
        width: 800,
        height: 500,
        theme,
        label: `Playbook · ${String(playbook.category ?? "")}`.replace(/ · $/, ""),
        title: playbook.title,
        maxLines: 4,
        textWidth: 0.54,
        variant: playbookVariant(theme),
      }),
    );
  }

  // Avatars.
  for (const person of [demo.instructor, ...demo.learners]) {
    await writeWebp(`images/demo/avatars/${person.key}.webp`, avatarSvg(person.key, person.name));
  }
  for (const [i, testimonial] of demo.testimonials.entries()) {
    await writeWebp(`images/demo/avatars/testimonial-${i + 1}.webp`, avatarSvg(`testimonial-${i + 1}`, testimonial.name));
  }

  // Instructor portrait card.
  const instructor = demo.instructor as { name: string; headline?: string | null };
  await writeWebp(`images/demo/instructor.webp`, await instructorSvg(instructor.name, instructor.headline ?? undefined));

  // Per-topic fallback covers.
  const topics: [string, Theme][] = [
    ["shopify", THEMES.shopify],
    ["ai-chatgpt", THEMES.ai],
    ["automation", THEMES.automation],
    ["fulfillment", THEMES.fulfillment],
    ["lovable", THEMES.lovable],
    ["default", THEMES.brand],
  ];
  for (const [slug, theme] of topics) {
    if (slug !== "default" && slugify(theme.label) !== slug) throw new Error(`topic slug mismatch: ${slug}`);
    await writeWebp(`images/placeholders/${slug}.webp`, await placeholderSvg(theme));
  }

  // Brand.
  await writeText("images/logo.svg", logoSvg());
  await writeText("favicon.svg", faviconSvg());
  await writeWebp("images/og-default.webp", await ogSvg());

  const total = await dirSize(IMAGES);
  console.log(`Wrote ${written.length} files; public/images is ${(total / 1024).toFixed(1)} KB.`);
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
