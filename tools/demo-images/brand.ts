import { BRAND_NAME, BRAND_TAGLINE, FONT, THEMES, brandMark, xml } from "./shared";
import { coverSvg } from "./covers";

// ---------------------------------------------------------------------------------------------
// Logo, favicon and the default social card
// ---------------------------------------------------------------------------------------------

export function logoSvg(): string {
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

export function faviconSvg(): string {
  const mark = brandMark("fv");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40" viewBox="0 0 40 40">
<defs>${mark.defs}</defs>
${mark.body}
</svg>
`;
}

export async function ogSvg(): Promise<string> {
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
