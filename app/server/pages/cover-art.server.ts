import { normaliseHexColor } from "~/lib/site-settings";

/**
 * The placeholder cover of a course or post without one: 1200×675 SVG art in the school's brand
 * colour, titled with the topic and signed with the school's name. Both texts are the owner's, so
 * they are escaped for XML; an image drawn by `<img>` runs no script in any case.
 */

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (character) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[character]!);

/** A colour `amount` (0–1) of the way to black. */
function shade(hex: string, amount: number) {
  const value = Number.parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.round(((value >> shift) & 0xff) * (1 - amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, "0")).join("")}`;
}

/** The initials of the school's name for its mark ("Launchpad Academy" → "LA"). */
function initials(name: string) {
  const letters = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase());
  return letters.join("") || "?";
}

/** Cuts text to `max` characters (whole code points) with an ellipsis. */
function cut(text: string, max: number) {
  const characters = [...text];
  return characters.length > max ? `${characters.slice(0, max - 1).join("")}…` : text;
}

export function renderCoverArt({ schoolName, brandColor, topic }: { schoolName: string; brandColor: string; topic: string | null }) {
  const colour = normaliseHexColor(brandColor) ?? "#4338ca";
  const title = cut(topic?.trim() || schoolName, 40);
  const titleSize = [...title].length > 22 ? 60 : 96;
  const school = cut(schoolName, 48);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675" role="img" aria-label="${escapeXml(title)}">
<defs>
<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(colour, 0.55)}"/><stop offset="1" stop-color="${colour}"/></linearGradient>
</defs>
<rect width="1200" height="675" fill="url(#g)"/>
<circle cx="1010" cy="170" r="260" fill="#ffffff" fill-opacity="0.07"/>
<circle cx="1120" cy="560" r="180" fill="#ffffff" fill-opacity="0.05"/>
<rect x="72" y="300" width="72" height="8" rx="4" fill="#ffffff" fill-opacity="0.7"/>
<text x="72" y="${300 + 24 + titleSize}" fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="${titleSize}" font-weight="700">${escapeXml(title)}</text>
<rect x="72" y="566" width="44" height="44" rx="10" fill="#ffffff" fill-opacity="0.18"/>
<text x="94" y="596" text-anchor="middle" fill="#ffffff" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="18" font-weight="700">${escapeXml(initials(schoolName))}</text>
<text x="132" y="595" fill="#ffffff" fill-opacity="0.92" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="24" font-weight="600">${escapeXml(school)}</text>
</svg>`;
}
