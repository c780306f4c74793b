import { describe, expect, it } from "vitest";
import { countWords, lessonDurationSeconds, readingTimeSeconds } from "./reading-time";

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

describe("reading time", () => {
  it("counts words, not Markdown marks", () => {
    expect(countWords("## A title\n\nStart **here**, then [read on](/x). Don’t stop, 2 more.\n\n```\ncode not counted\n```")).toBe(12);
    expect(countWords("")).toBe(0);
  });

  it("is the words at 200 a minute, rounded up to whole minutes", () => {
    expect(readingTimeSeconds("")).toBe(0);
    expect(readingTimeSeconds(words(1))).toBe(60);
    expect(readingTimeSeconds(words(200))).toBe(60);
    expect(readingTimeSeconds(words(201))).toBe(120);
    expect(readingTimeSeconds(words(1000))).toBe(300);
  });

  it("is an article's duration unless one was typed; other types keep what was typed", () => {
    expect(lessonDurationSeconds({ type: "article", contentMd: words(450), durationSeconds: 0 })).toBe(180);
    expect(lessonDurationSeconds({ type: "article", contentMd: words(450), durationSeconds: 90 })).toBe(90);
    expect(lessonDurationSeconds({ type: "video", contentMd: words(450), durationSeconds: 0 })).toBe(0);
  });
});
