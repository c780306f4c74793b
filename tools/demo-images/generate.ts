/**
 * Generates every piece of demo artwork the site ships: course, blog and playbook covers,
 * avatars, the instructor portrait card, per-topic fallback covers, the logo, the favicon and
 * the default social card.
 *
 * The drawing is split by kind of artwork: shared.ts (palettes, text fitting, shapes), motifs.ts
 * (the pictures on covers), covers.ts (course, blog, playbook and fallback covers), people.ts
 * (avatars and the instructor card), brand.ts (logo, favicon, social card); this file writes them.
 *
 * Why this exists: the demo content must not ship third-party images, fonts or stock photos.
 * Everything here is drawn in code as SVG (shapes, gradients and the system sans-serif font
 * that librsvg finds locally) and rendered to WebP with sharp, so the project owns all of it.
 *
 * Run from the repository root:  npm run images:generate
 * The output is deterministic (all variation comes from a hash of each slug) and the script
 * overwrites its previous output, so it is safe to re-run after the demo content changes.
 */
import { mkdir, readdir, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { loadDemoSchool } from "../../app/server/db/seed/demo-school.server";
import { IMAGES, type MotifName, PUBLIC, THEMES, type Theme, WEBP_QUALITY, slugify, themeFor } from "./shared";
import { coverSvg, placeholderSvg } from "./covers";
import { avatarSvg, instructorSvg } from "./people";
import { faviconSvg, logoSvg, ogSvg } from "./brand";

const demo = loadDemoSchool();

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
