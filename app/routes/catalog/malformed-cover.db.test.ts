import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAppServer } from "../../../tests/support/app-server";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { courses } from "~/server/db/schema";

/**
 * A cover URL that `new URL` cannot read ("https://[x"), already in the database from before the
 * form checked it: the pages and lists that show covers still answer, with no image for that row.
 */

const database = useTestDatabase();
let app: Awaited<ReturnType<typeof startAppServer>>;
const slugs = { bad: unique("bad-cover"), good: unique("good-cover") };

beforeAll(async () => {
  await database()
    .db.insert(courses)
    .values([
      { title: "Broken Cover Course", slug: slugs.bad, status: "published", publishedAt: new Date(), coverUrl: "https://[x" },
      {
        title: "Fine Cover Course",
        slug: slugs.good,
        status: "published",
        publishedAt: new Date(),
        coverUrl: "/images/demo/courses/fine.webp",
      },
    ]);
  app = await startAppServer({
    routes: (file) => ["routes/catalog/catalog.tsx", "routes/catalog/course-detail.tsx", "routes/resources/courses-json.ts"].includes(file),
  });
});

afterAll(() => app?.close());

describe("a malformed cover URL in the database", () => {
  it("leaves /data/courses.json whole: that course has no cover image, the others keep theirs", async () => {
    const response = await fetch(`${app.base}/data/courses.json`);
    expect(response.status).toBe(200);
    const records = (await response.json()) as { slug: string; coverImage: string | null }[];
    expect(records.find((record) => record.slug === slugs.bad)).toMatchObject({ coverImage: null });
    expect(records.find((record) => record.slug === slugs.good)).toMatchObject({
      coverImage: "http://localhost:3000/images/demo/courses/fine.webp",
    });
  });

  it("leaves the course page up, without the image in its structured data", async () => {
    const response = await fetch(`${app.base}/courses/${slugs.bad}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Broken Cover Course");
    const jsonLd = html.match(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/s)?.[1];
    expect(JSON.parse(jsonLd!)).not.toHaveProperty("image");
  });

  it("leaves the catalog up, listing both courses", async () => {
    const response = await fetch(`${app.base}/courses?q=Cover%20Course`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Broken Cover Course");
    expect(html).toContain("Fine Cover Course");
  });
});
