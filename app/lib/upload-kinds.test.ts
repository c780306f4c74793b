import { describe, expect, it } from "vitest";
import { isUploadKindName, UPLOAD_KINDS, UPLOADED_CONTENT_TYPES, videoFileProblem } from "./upload-kinds";

const MB = 1024 * 1024;

describe("upload kinds", () => {
  it("accept in the picker what the server stores", () => {
    for (const kind of Object.values(UPLOAD_KINDS)) {
      for (const type of Object.keys(kind.types)) expect(kind.accept.split(",")).toContain(type);
    }
  });

  it("hold the spec's limits and texts", () => {
    expect(UPLOAD_KINDS["lesson-video"]).toMatchObject({
      maxBytes: 50 * MB,
      messages: { type: "Please select a video file", size: "File size must be less than 50MB" },
    });
    expect(UPLOAD_KINDS["post-cover"].maxBytes).toBe(5 * MB);
    expect(UPLOAD_KINDS["course-cover"].messages.size).toBe("File size must be less than 5MB");
  });

  it("name only the kinds the table holds", () => {
    expect(isUploadKindName("site-logo")).toBe(true);
    expect(isUploadKindName("toString")).toBe(false);
    expect(isUploadKindName("avatar")).toBe(false);
  });

  it("give each stored extension its type", () => {
    expect(UPLOADED_CONTENT_TYPES).toMatchObject({ jpg: "image/jpeg", png: "image/png", mov: "video/quicktime", mp4: "video/mp4" });
  });
});

describe("videoFileProblem", () => {
  it("refuses what is not a video, by type or, without one, by name", () => {
    expect(videoFileProblem({ name: "notes.pdf", type: "application/pdf", size: 10 })).toBe("Please select a video file");
    expect(videoFileProblem({ name: "notes.txt", type: "", size: 10 })).toBe("Please select a video file");
    expect(videoFileProblem({ name: "Intro.MOV", type: "", size: 10 })).toBeNull();
    expect(videoFileProblem({ name: "intro.mp4", type: "video/mp4", size: 10 })).toBeNull();
  });

  it("refuses a video over 50MB and takes one of exactly 50MB", () => {
    expect(videoFileProblem({ name: "big.mp4", type: "video/mp4", size: 50 * MB + 1 })).toBe("File size must be less than 50MB");
    expect(videoFileProblem({ name: "edge.mp4", type: "video/mp4", size: 50 * MB })).toBeNull();
  });
});
