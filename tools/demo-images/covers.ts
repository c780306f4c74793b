import {
  BRAND_NAME,
  FONT,
  MEASURE_SIZE,
  type Palette,
  type Rng,
  type Theme,
  blockHeight,
  brandMark,
  fitText,
  measure,
  r1,
  rng,
  roundedRect,
  textBlock,
  xml,
} from "./shared";
import { MOTIFS } from "./motifs";

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

export function commonDefs(p: Palette, width: number, height: number, r: Rng): string {
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
export function brandSignature(x: number, y: number, size: number, fill: string): string {
  const mark = brandMark("sig");
  const s = size / 40;
  return `<defs>${mark.defs}</defs><g transform="translate(${x} ${y - size * 0.78}) scale(${r1(s * 100) / 100})">${mark.body}</g>
<text x="${r1(x + size + size * 0.35)}" y="${r1(y)}" font-family="${FONT}" font-weight="700" font-size="${r1(size * 0.5)}" fill="${fill}" letter-spacing="0.5">${xml(BRAND_NAME)}</text>`;
}

export async function pill(text: string, x: number, y: number, size: number, p: Palette): Promise<string> {
  const label = text.toUpperCase();
  const letterSpacing = size * 0.12;
  const width = ((await measure(label, 700)) * size) / MEASURE_SIZE + letterSpacing * (label.length - 1) + size * 2.2;
  const height = size * 2;
  return `${roundedRect(x, y, width, height, height / 2, `fill="${p.light}" fill-opacity="0.16" stroke="${p.light}" stroke-opacity="0.45" stroke-width="1.5"`)}
<circle cx="${r1(x + size * 0.85)}" cy="${r1(y + height / 2)}" r="${r1(size * 0.24)}" fill="${p.accent}"/>
<text x="${r1(x + size * 1.35)}" y="${r1(y + height / 2 + size * 0.36)}" font-family="${FONT}" font-weight="700" font-size="${size}" fill="#ffffff" letter-spacing="${r1(letterSpacing)}">${xml(label)}</text>`;
}

export async function coverSvg(spec: CoverSpec): Promise<string> {
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
export async function placeholderSvg(theme: Theme): Promise<string> {
  return coverSvg({
    seed: `placeholder-${theme.key}`,
    width: 1200,
    height: 675,
    theme,
    label: theme.key === "brand" ? "Course" : "Course",
    title: theme.key === "brand" ? BRAND_NAME : theme.label,
  });
}
