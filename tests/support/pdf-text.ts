import { createRequire } from "node:module";
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

const STANDARD_FONTS = `${path.dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"))}/standard_fonts/`;

/** A PDF's first page read back as text with pdf.js, one drawn run per line. */
export async function pdfText(bytes: Uint8Array) {
  const document = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS }).promise;
  const content = await (await document.getPage(1)).getTextContent();
  return content.items.map((item) => ("str" in item ? item.str : "")).join("\n");
}
