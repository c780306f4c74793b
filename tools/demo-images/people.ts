import {
  FONT,
  type FittedText,
  MEASURE_SIZE,
  type Palette,
  THEMES,
  blockHeight,
  fitText,
  hash,
  initials,
  measure,
  r1,
  rng,
  rocketShape,
  roundedRect,
  sparkle,
  textBlock,
  xml,
} from "./shared";

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

export function avatarSvg(seed: string, name: string): string {
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
export async function fitHeadline(headline: string): Promise<FittedText> {
  const parts = headline.split(/\s+·\s+/);
  if (parts.length === 2) {
    const widest = Math.max(...(await Promise.all(parts.map((part) => measure(part, 400)))));
    const size = Math.min(28, Math.floor((640 * MEASURE_SIZE) / widest));
    if (size >= 20) return { lines: parts, size, lineHeight: Math.round(size * 1.3) };
  }
  return fitText(headline, { maxWidth: 640, maxHeight: 70, maxSize: 28, minSize: 20, maxLines: 2, weight: 400, leading: 1.3 });
}

export async function instructorSvg(name: string, headline: string | undefined): Promise<string> {
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
