import { describe, expect, it } from "vitest";
import { parseFfmpegVersion } from "./ffmpeg.server";

describe("ffmpeg's version", () => {
  it("reads a release number, and says whether it is older than 5.0", () => {
    expect(parseFfmpegVersion("ffmpeg version 5.1.6-0+deb12u1 Copyright (c) 2000-2024 the FFmpeg developers")).toEqual({
      version: "5.1.6-0+deb12u1",
      olderThanFive: false,
    });
    expect(parseFfmpegVersion("ffmpeg version n6.1.1 Copyright (c) 2000-2023 the FFmpeg developers")).toEqual({ version: "n6.1.1", olderThanFive: false });
    expect(parseFfmpegVersion("ffmpeg version 4.4.2-0ubuntu0.22.04.1 Copyright (c) 2000-2021 the FFmpeg developers")).toMatchObject({ olderThanFive: true });
  });

  it("dates a git build by its copyright line, as the bundled 2018 build is", () => {
    const bundled = "ffmpeg version N-47683-g0e8eb07980-static https://johnvansickle.com/ffmpeg/  Copyright (c) 2000-2018 the FFmpeg developers";
    expect(parseFfmpegVersion(bundled)).toEqual({ version: "N-47683-g0e8eb07980-static", olderThanFive: true });
    expect(parseFfmpegVersion("ffmpeg version N-113000-gabc Copyright (c) 2000-2024 the FFmpeg developers")).toMatchObject({ olderThanFive: false });
    expect(parseFfmpegVersion("something else")).toEqual({ version: "unknown", olderThanFive: null });
  });
});
