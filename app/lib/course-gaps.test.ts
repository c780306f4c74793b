import { describe, expect, it } from "vitest";
import { courseGaps } from "./course-gaps";

describe("courseGaps", () => {
  it("names each thing a course lacks: lessons, a cover, a price", () => {
    expect(courseGaps({ lessonCount: 0, coverUrl: null, priceCents: 0 }).map((gap) => gap.message)).toEqual([
      "No lessons yet",
      "No cover image",
      "No price (it sells for 0)",
    ]);
  });

  it("is empty for a course with lessons, a cover and a price", () => {
    expect(courseGaps({ lessonCount: 3, coverUrl: "/media/media/courses/x/cover-1.jpg", priceCents: 19700 })).toEqual([]);
  });

  it("names only what is missing", () => {
    expect(courseGaps({ lessonCount: 2, coverUrl: "", priceCents: 4900 }).map((gap) => gap.key)).toEqual(["cover"]);
  });
});
