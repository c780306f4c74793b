import { afterAll, describe, expect, it } from "vitest";
import { testConfig } from "../../../tests/support/test-database";
import { getConfig, setConfig } from "~/server/platform/config.server";
import { signStreamAccess, verifyStreamAccess, type StreamAccess } from "./stream-access.server";

const OLD = "the-old-stream-secret-0123456789abcdef";
const NEW = "the-new-stream-secret-0123456789abcdef";
const before = getConfig();
afterAll(() => setConfig(before));

const useSecrets = (current: string, previous: string[] = []) =>
  setConfig(testConfig({ AUTH_SECRET: current, ...(previous.length ? { AUTH_PREVIOUS_SECRETS: previous.join(",") } : {}) }));

const lessonId = "0b6c1c9e-0000-4000-8000-000000000001";
const session = "token.signature";
const access: StreamAccess = {
  expiresAt: Math.floor(Date.now() / 1000) + 300,
  userId: "user-1",
  hlsPrefix: "course/hls/lesson-1",
  captionsPath: null,
};

describe("the stream credential (decision 045)", () => {
  it("still verifies after AUTH_SECRET is rotated with the old secret in AUTH_PREVIOUS_SECRETS, and not without it", () => {
    useSecrets(OLD);
    const value = signStreamAccess({ lessonId, session, access });
    expect(verifyStreamAccess({ lessonId, session, value })).toEqual(access);
    useSecrets(NEW, [OLD]);
    expect(verifyStreamAccess({ lessonId, session, value })).toEqual(access);
    // New credentials are signed with the new secret.
    const renewed = signStreamAccess({ lessonId, session, access });
    useSecrets(NEW);
    expect(verifyStreamAccess({ lessonId, session, value })).toBeNull();
    expect(verifyStreamAccess({ lessonId, session, value: renewed })).toEqual(access);
  });

  it("is good only for its lesson, its session and until its expiry", () => {
    useSecrets(NEW);
    const value = signStreamAccess({ lessonId, session, access });
    expect(verifyStreamAccess({ lessonId: lessonId.replace(/1$/, "2"), session, value })).toBeNull();
    expect(verifyStreamAccess({ lessonId, session: "other.session", value })).toBeNull();
    expect(verifyStreamAccess({ lessonId, session: "", value })).toBeNull();
    expect(verifyStreamAccess({ lessonId, session, value, now: access.expiresAt * 1000 })).toBeNull();
    expect(verifyStreamAccess({ lessonId, session, value, now: access.expiresAt * 1000 - 1 })).toEqual(access);
    expect(verifyStreamAccess({ lessonId, session, value: `${value}x` })).toBeNull();
    expect(verifyStreamAccess({ lessonId, session, value: "" })).toBeNull();
  });
});
