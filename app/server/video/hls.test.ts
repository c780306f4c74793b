import { describe, expect, it } from "vitest";
import {
  checkMediaPlaylist,
  ffmpegInputFormat,
  ladderFor,
  masterPlaylist,
  parseSourceInfo,
  posterArgs,
  renditionArgs,
  sourceRefusal,
  STREAM_FILE,
} from "./hls.server";

describe("the rendition ladder", () => {
  it("is 360p and 720p, with 1080p when the source has 1080 lines, never taller than the source", () => {
    expect(ladderFor(2160).map((rung) => rung.name)).toEqual(["360p", "720p", "1080p"]);
    expect(ladderFor(1080).map((rung) => rung.name)).toEqual(["360p", "720p", "1080p"]);
    expect(ladderFor(720).map((rung) => rung.name)).toEqual(["360p", "720p"]);
    expect(ladderFor(481).map((rung) => rung.height)).toEqual([360, 480]);
    expect(ladderFor(180).map((rung) => rung.name)).toEqual(["180p"]);
  });
});

describe("what ffmpeg says about a source", () => {
  it("reads the duration, the size and whether there is sound", () => {
    const output = `Input #0, mov,mp4 from 'a.mp4':
  Duration: 00:01:02.50, start: 0.000000, bitrate: 260 kb/s
    Stream #0:0(und): Video: h264 (High) (avc1 / 0x31637661), yuv420p, 1920x1080 [SAR 1:1 DAR 16:9], 181 kb/s, 25 fps
    Stream #0:1(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp, 73 kb/s (default)`;
    expect(parseSourceInfo(output)).toEqual({ durationSeconds: 62.5, width: 1920, height: 1080, hasAudio: true });
  });

  it("turns a phone's rotated video upright, and finds nothing in a file with no video", () => {
    const rotated = `  Duration: 00:00:05.00, start: 0.0
    Stream #0:0(und): Video: h264 (High), yuv420p(tv), 1920x1080, 25 fps
    Metadata:
      rotate          : 90`;
    expect(parseSourceInfo(rotated)).toMatchObject({ width: 1080, height: 1920, hasAudio: false });
    expect(parseSourceInfo("a.mp4: Invalid data found when processing input")).toBeNull();
  });
});

describe("checking a rendition's playlist", () => {
  const playlist = (body: string) => `#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n${body}`;

  it("accepts a finished playlist whose segments add up to the source", () => {
    expect(checkMediaPlaylist(playlist("#EXTINF:4.0,\nseg-0000.ts\n#EXTINF:2.0,\nseg-0001.ts\n#EXT-X-ENDLIST\n"), 6)).toEqual({
      segments: ["seg-0000.ts", "seg-0001.ts"],
      totalSeconds: 6,
    });
  });

  it("refuses an unfinished one, one that is too short, and one naming other files", () => {
    expect(() => checkMediaPlaylist(playlist("#EXTINF:4.0,\nseg-0000.ts\n"), 4)).toThrow("incomplete");
    expect(() => checkMediaPlaylist(playlist("#EXTINF:4.0,\nseg-0000.ts\n#EXT-X-ENDLIST\n"), 60)).toThrow(
      "lasts 4.0 s of the source's 60.0 s",
    );
    expect(() => checkMediaPlaylist(playlist("#EXTINF:4.0,\n../../secret.ts\n#EXT-X-ENDLIST\n"), 4)).toThrow("unexpected file");
  });
});

describe("the master playlist and the files a browser may ask for", () => {
  it("lists each rendition with its bandwidth and size, relative to the master", () => {
    const text = masterPlaylist([{ name: "360p", width: 640, height: 360, bandwidth: 812345.6, hasAudio: true }]);
    expect(text).toContain(
      '#EXT-X-STREAM-INF:BANDWIDTH=812346,RESOLUTION=640x360,CODECS="avc1.4d401f,mp4a.40.2",NAME="360p"\n360p/index.m3u8\n',
    );
  });

  it("are the master, the poster and the renditions' playlists and segments, nothing else", () => {
    for (const file of ["master.m3u8", "poster.jpg", "360p/index.m3u8", "1080p/seg-0012.ts"]) expect(STREAM_FILE.test(file)).toBe(true);
    for (const file of ["../master.m3u8", "360p/../../x.ts", "360p/other.m3u8", "source.mp4", "360p/seg-1.ts"])
      expect(STREAM_FILE.test(file)).toBe(false);
  });
});

describe("what ffmpeg is allowed to read", () => {
  it("pins the input format to the upload's checked extension, and refuses any other", () => {
    expect(["a.mp4", "a.M4V", "a.mov", "a.qt", "a.webm"].map(ffmpegInputFormat)).toEqual(["mp4", "mp4", "mov", "mov", "matroska,webm"]);
    expect(["a.m3u8", "a.txt", "a", "a.mp4.concat"].map(ffmpegInputFormat)).toEqual([null, null, null, null]);
  });

  it("gives every reading command only the file protocol and the pinned format, before the input", () => {
    const rendition = renditionArgs({ source: "/w/source.webm", inputFormat: "matroska,webm", rendition: ladderFor(360)[0]!, folder: "/w/out", hasAudio: false });
    const poster = posterArgs({ source: "/w/source.webm", inputFormat: "matroska,webm", output: "/w/poster.jpg", durationSeconds: 4 });
    for (const args of [rendition, poster]) {
      const input = args.indexOf("-i");
      expect(args.slice(input - 4, input + 2)).toEqual(["-protocol_whitelist", "file", "-f", "matroska,webm", "-i", "/w/source.webm"]);
    }
  });

  it("caps the source at four hours and 4K (either way round) after the probe", () => {
    const source = { durationSeconds: 3600, width: 1920, height: 1080, hasAudio: true };
    expect(sourceRefusal(source)).toBeNull();
    expect(sourceRefusal({ ...source, width: 3840, height: 2160, durationSeconds: 4 * 3600 })).toBeNull();
    expect(sourceRefusal({ ...source, width: 2160, height: 3840 })).toBeNull();
    expect(sourceRefusal({ ...source, durationSeconds: 4 * 3600 + 1 })).toMatch(/^The video lasts 240 minutes; the longest that is transcoded is 4 hours$/);
    expect(sourceRefusal({ ...source, width: 3842, height: 2160 })).toBe("The video is 3842×2160; the largest that is transcoded is 3840×2160 (4K)");
    expect(sourceRefusal({ ...source, width: 8192, height: 64 })).toMatch(/^The video is 8192×64/);
  });
});
