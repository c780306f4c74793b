// `npm run images:demo`: the demo school's course and post covers in the smaller WebP copies the
// pages offer in `srcset` (app/lib/image-variants.ts), written beside each cover. Run it after
// adding or replacing a demo cover; a test checks that every cover has its copies.
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";

const WIDTHS = [480, 960, 1440];
const ROOT = path.resolve(import.meta.dirname, "../public/images/demo");

let written = 0;
for (const folder of ["courses", "posts"]) {
  const dir = path.join(ROOT, folder);
  for (const name of fs.readdirSync(dir)) {
    if (/\.w\d+\.webp$/.test(name) || !/\.(jpe?g|png|webp)$/i.test(name)) continue;
    const source = fs.readFileSync(path.join(dir, name));
    for (const width of WIDTHS) {
      const bytes = await sharp(source).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
      fs.writeFileSync(path.join(dir, `${name}.w${width}.webp`), bytes);
      written += 1;
    }
  }
}
console.log(`${written} demo cover copies written`);
