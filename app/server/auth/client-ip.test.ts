import { describe, expect, it } from "vitest";
import { isLoopbackAddress } from "./client-ip.server";

describe("isLoopbackAddress", () => {
  it.each(["127.0.0.1", "127.0.0.53", "::1", "::ffff:127.0.0.1"])("treats %s as loopback", (ip) => {
    expect(isLoopbackAddress(ip)).toBe(true);
  });
  it.each(["203.0.113.7", "10.0.0.1", "::ffff:203.0.113.7", "2001:db8::1", "", null])("treats %s as a real client", (ip) => {
    expect(isLoopbackAddress(ip)).toBe(false);
  });
});
