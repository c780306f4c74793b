import { describe, expect, it } from "vitest";
import { CAPTIONS_MAX_BYTES, webVttProblem } from "./webvtt";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("checking a captions file", () => {
  it("accepts WebVTT with cues, a BOM, a header comment, hours or none, and cue settings", () => {
    expect(webVttProblem(bytes("WEBVTT\n\n00:01.000 --> 00:04.000\nHello\n"))).toBeNull();
    expect(
      webVttProblem(bytes("\uFEFFWEBVTT - Lesson 1\r\n\r\nintro\r\n01:00:01.000 --> 01:00:04.250 align:start line:0\r\nHi\r\n")),
    ).toBeNull();
  });

  it("refuses what is not WebVTT, with the reason", () => {
    expect(webVttProblem(new Uint8Array())).toBe("Choose a WebVTT captions file (.vtt)");
    expect(webVttProblem(bytes("1\n00:00:01,000 --> 00:00:02,000\nAn SRT file\n"))).toBe(
      "This is not a WebVTT file: its first line must be WEBVTT",
    );
    expect(webVttProblem(bytes("WEBVTTX\n"))).toBe("This is not a WebVTT file: its first line must be WEBVTT");
    expect(webVttProblem(bytes("WEBVTT\n\nNOTE nothing here\n"))).toBe("The captions file has no captions");
    expect(webVttProblem(bytes("WEBVTT\n\n00:00:01,000 --> 00:00:02,000\nComma\n"))).toBe(
      "Line 3: a cue's timing must read like 00:00:01.000 --> 00:00:04.000",
    );
    expect(webVttProblem(bytes("WEBVTT\n\n00:00:05.000 --> 00:00:02.000\nBackwards\n"))).toBe("Line 3: a cue must end after it starts");
    expect(webVttProblem(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xff, 0xfe]))).toBe(
      "The captions file must be UTF-8 text",
    );
    expect(webVttProblem(new Uint8Array(CAPTIONS_MAX_BYTES + 1))).toBe("Captions files must be smaller than 512 KB");
  });
});
