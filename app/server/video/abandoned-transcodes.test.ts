import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ABANDONED_TRANSCODE_AGE_MS, sweepAbandonedTranscodes } from "./transcode-lesson-video.server";

const tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), "transcode-sweep-"));
afterAll(() => fs.rmSync(tmpDir, { recursive: true, force: true }));

describe("the work folders of transcodes a crash cut off", () => {
  it("are removed once older than the job's expiry; a transcode still working and other folders stay", async () => {
    const folder = (name: string, ageMs: number) => {
      const dir = path.join(tmpDir, name);
      fs.mkdirSync(path.join(dir, "out"), { recursive: true });
      fs.writeFileSync(path.join(dir, "source.mp4"), "half a video");
      const at = new Date(Date.now() - ageMs);
      fs.utimesSync(dir, at, at);
      return dir;
    };
    const abandoned = folder("lesson-transcode-abc123", ABANDONED_TRANSCODE_AGE_MS + 60_000);
    const working = folder("lesson-transcode-def456", 60_000);
    const other = folder("someone-elses-folder", ABANDONED_TRANSCODE_AGE_MS + 60_000);

    expect(await sweepAbandonedTranscodes({ tmpDir })).toEqual([abandoned]);
    expect([abandoned, working, other].map((dir) => fs.existsSync(dir))).toEqual([false, true, true]);
  });
});
