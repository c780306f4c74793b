import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDemoSchool } from "../../app/server/db/seed/demo-school.server";
import { BUILD_DIR, ensureProductionBuild, startServerProcess, type ServerProcess } from "../support/processes";

/**
 * The demo school is content, read from content/demo/ only when seeding: the production server
 * bundle must not carry it (with SEED_DEMO off it would be dead weight), and a production build
 * started the way `npm start` starts it must still find the files and seed them.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const demo = loadDemoSchool();

/** A run of plain words from a text: survives the escaping a bundler or an HTML page applies to quotes and newlines. */
function phraseOf(text: string) {
  const phrase = /[A-Za-z][A-Za-z ,]{39,}/.exec(text)?.[0];
  if (!phrase) throw new Error(`no phrase of 40 plain characters in: ${text.slice(0, 80)}`);
  return phrase.slice(0, 60);
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)]));
}

let server: ServerProcess | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "course-site-demo-"));

beforeAll(async () => {
  await ensureProductionBuild();
}, 660_000);

afterAll(async () => {
  server?.kill();
  if (server) await server.exited;
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the demo school in the production build", () => {
  it("is not in the server bundle: no course description, lesson, post or biography text", () => {
    const phrases = [
      phraseOf(demo.instructor.bio),
      ...demo.courses.flatMap((course) => [
        phraseOf(course.longDescriptionMd),
        ...course.modules.flatMap((module) => module.lessons.map((lesson) => phraseOf(lesson.contentMd))),
      ]),
      ...demo.posts.map((post) => phraseOf(post.contentMd)),
    ];
    expect(phrases.length).toBeGreaterThan(80);

    const files = filesUnder(path.join(ROOT, BUILD_DIR, "server"));
    expect(files.some((file) => file.endsWith("index.js"))).toBe(true);
    const found = files.flatMap((file) => {
      const text = fs.readFileSync(file, "utf8");
      return phrases.filter((phrase) => text.includes(phrase)).map((phrase) => `${path.relative(ROOT, file)}: "${phrase}"`);
    });
    expect(found).toEqual([]);
  });

  it("is seeded from the content files by a production server started with SEED_DEMO=true", async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: "", SEED_DEMO: "true" });
    const [course] = demo.courses;
    const page = await fetch(`${server.base}/courses/${course.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(phraseOf(course.longDescriptionMd));
    expect(html).toContain(course.modules[0].lessons[0].title.replace(/'/g, "&#x27;"));
    expect(server.output()).toContain("demo content written");
  }, 240_000);
});
