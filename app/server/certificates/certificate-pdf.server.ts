import fsp from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { PDFDocument, rgb, StandardFonts, type PDFFont } from "pdf-lib";
import QRCode from "qrcode";
import sharp from "sharp";
import { formatDate } from "~/lib/dates";
import { logger } from "~/server/platform/logger.server";
import { getStorage, keyFromPublicUrl } from "~/server/platform/storage.server";

export type CertificateContent = {
  schoolName: string;
  /** The site settings' logo URL: an uploaded file or a file of the site; anything else is left out. */
  logoUrl: string | null;
  learnerName: string;
  courseTitle: string;
  issuedAt: Date;
  number: string;
  verifyUrl: string;
};

/** The site's own files: `public/` while developing, the client build in production. */
const SITE_FILE_DIRS = ["public", "build/client"];

/** The logo's bytes, from storage or the site's files; never fetched from another host. */
async function readLogo(url: string | null): Promise<Buffer | null> {
  if (!url) return null;
  const key = keyFromPublicUrl("media", url);
  if (key) {
    const stored = await getStorage().get("media", key);
    return stored ? buffer(stored.stream) : null;
  }
  if (!url.startsWith("/images/")) return null;
  for (const dir of SITE_FILE_DIRS) {
    const root = path.resolve(dir);
    const file = path.resolve(root, `.${decodeURIComponent(url.split("?")[0])}`);
    if (!file.startsWith(`${root}${path.sep}`)) return null;
    const bytes = await fsp.readFile(file).catch(() => null);
    if (bytes) return bytes;
  }
  return null;
}

/** The logo as a PNG at most 96 px high (SVG, WebP and JPEG logos included), or null. */
async function logoPng(url: string | null) {
  try {
    const bytes = await readLogo(url);
    return bytes ? await sharp(bytes, { density: 300 }).resize({ height: 192, fit: "inside", withoutEnlargement: false }).png().toBuffer() : null;
  } catch (error) {
    logger.warn({ err: error, logoUrl: url }, "certificate logo left out: it could not be read as an image");
    return null;
  }
}

/** Latin letters Unicode does not decompose into a base letter and a mark. */
const PLAIN_LETTERS: Record<string, string> = { Ł: "L", ł: "l", Ø: "O", ø: "o", Đ: "D", đ: "d", Ħ: "H", ħ: "h", ı: "i", Ŧ: "T", ŧ: "t" };

/**
 * Text in a standard PDF font: characters the font cannot draw lose their accents ("Ń" → "N",
 * "Ł" → "L") or become "?", so a name never breaks the PDF.
 */
function drawable(font: PDFFont, text: string) {
  const supported = new Set(font.getCharacterSet());
  return [...text]
    .map((character) => {
      if (supported.has(character.codePointAt(0)!)) return character;
      const plain = PLAIN_LETTERS[character] ?? character.normalize("NFKD").replace(/\p{M}/gu, "");
      return [...plain].every((part) => supported.has(part.codePointAt(0)!)) && plain ? plain : "?";
    })
    .join("");
}

/** The text at most `maxWidth` wide: the size shrinks to fit, down to `minSize`. */
function fitSize(font: PDFFont, text: string, size: number, maxWidth: number, minSize = 12) {
  let fitted = size;
  while (fitted > minSize && font.widthOfTextAtSize(text, fitted) > maxWidth) fitted -= 1;
  return fitted;
}

/** A certificate of completion: an A4 landscape page with the school, the learner, the course, the date, the number and a QR code to its page. */
export async function renderCertificatePdf(content: CertificateContent) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Certificate of completion: ${content.courseTitle}`);
  pdf.setAuthor(content.schoolName);
  pdf.setSubject(`${content.learnerName} completed ${content.courseTitle}`);
  pdf.setCreator(content.schoolName);
  const page = pdf.addPage([842, 595]);
  const { width, height } = page.getSize();
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const ink = rgb(0.06, 0.09, 0.16);
  const muted = rgb(0.39, 0.45, 0.55);
  const accent = rgb(0.31, 0.27, 0.9);

  page.drawRectangle({ x: 24, y: 24, width: width - 48, height: height - 48, borderColor: accent, borderWidth: 3 });

  const centered = (text: string, y: number, font: PDFFont, size: number, color = ink) => {
    const shown = drawable(font, text);
    const fitted = fitSize(font, shown, size, width - 160);
    page.drawText(shown, { x: (width - font.widthOfTextAtSize(shown, fitted)) / 2, y, size: fitted, font, color });
  };

  let top = height - 80;
  const logo = await logoPng(content.logoUrl);
  if (logo) {
    const image = await pdf.embedPng(logo);
    const scaled = image.scaleToFit(220, 48);
    page.drawImage(image, { x: (width - scaled.width) / 2, y: top - scaled.height + 12, width: scaled.width, height: scaled.height });
    top -= scaled.height + 14;
  }
  centered(content.schoolName, top - 8, bold, 18, muted);
  centered("Certificate of Completion", top - 70, bold, 34);
  centered("This certifies that", top - 120, regular, 14, muted);
  centered(content.learnerName, top - 170, bold, 36, accent);
  centered("has completed every lesson of", top - 210, regular, 14, muted);
  centered(content.courseTitle, top - 250, bold, 24);

  const details = [`Issued ${formatDate(content.issuedAt)}`, `Certificate ${content.number}`, `Verify at ${content.verifyUrl}`];
  details.forEach((line, index) => {
    page.drawText(drawable(regular, line), { x: 60, y: 92 - index * 16, size: 10, font: regular, color: muted });
  });
  const qr = await pdf.embedPng(await QRCode.toBuffer(content.verifyUrl, { type: "png", margin: 1, width: 240, errorCorrectionLevel: "M" }));
  page.drawImage(qr, { x: width - 60 - 96, y: 52, width: 96, height: 96 });

  return Buffer.from(await pdf.save());
}
