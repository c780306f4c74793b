import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "./config.server";

describe("parseConfig", () => {
  it("runs on the embedded defaults with an empty environment", () => {
    const config = parseConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.seedDemo).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.storage.kind).toBe("local");
    expect(config.stripe).toBeUndefined();
  });

  it("chooses who takes payments: Stripe with a key, test mode on the embedded default, nobody on PostgreSQL unless told", () => {
    const stripe = { STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_123" };
    const postgres = { DATABASE_URL: "postgres://app@db:5432/site" };
    expect(parseConfig({}).payments.provider).toBe("test");
    expect(parseConfig(stripe).payments.provider).toBe("stripe");
    expect(parseConfig({ ...postgres, ...stripe }).payments.provider).toBe("stripe");
    expect(parseConfig(postgres).payments.provider).toBe("none");
    expect(parseConfig({ ...postgres, PAYMENTS_PROVIDER: "test" }).payments.provider).toBe("test");
    expect(() => parseConfig({ PAYMENTS_PROVIDER: "stripe" })).toThrow(/STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe/);
    expect(() => parseConfig({ PAYMENTS_PROVIDER: "paypal" })).toThrow(/PAYMENTS_PROVIDER must be stripe, test or none/);
    expect(parseConfig({ ...stripe, PAYMENTS_PROVIDER: "none" }).payments.provider).toBe("none");
  });

  describe("a production start with no Stripe key (issue 19: no free courses by default)", () => {
    const production = { NODE_ENV: "production" };
    const stripe = { STRIPE_SECRET_KEY: "sk_live_123", STRIPE_WEBHOOK_SECRET: "whsec_123" };
    const postgres = { DATABASE_URL: "postgres://app@db:5432/site" };
    const refusal =
      /STRIPE_SECRET_KEY is required in production with a public PUBLIC_URL \(https:\/\/school\.example\): set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_PROVIDER=test/;

    it("refuses to start on a public address, embedded or on PostgreSQL, naming the variables", () => {
      for (const publicUrl of ["https://school.example", "https://school.example/", "http://203.0.113.7:3000", "http://[2001:db8::1]"]) {
        for (const database of [{}, postgres]) {
          const start = () => parseConfig({ ...production, ...database, PUBLIC_URL: publicUrl });
          expect(start).toThrow(ConfigError);
          expect(start).toThrow(/STRIPE_SECRET_KEY is required in production with a public PUBLIC_URL/);
          expect(start).toThrow(/PAYMENTS_PROVIDER=test/);
        }
      }
      expect(() => parseConfig({ ...production, PUBLIC_URL: "https://school.example" })).toThrow(refusal);
      // Not fooled by a loopback name inside another host.
      expect(() => parseConfig({ ...production, PUBLIC_URL: "https://localhost.school.example" })).toThrow(ConfigError);
      expect(() => parseConfig({ ...production, PUBLIC_URL: "https://127.0.0.1.nip.io" })).toThrow(ConfigError);
    });

    it("starts on a public address with Stripe, or with the mode said explicitly", () => {
      const publicUrl = { PUBLIC_URL: "https://school.example" };
      expect(parseConfig({ ...production, ...publicUrl, ...stripe }).payments.provider).toBe("stripe");
      expect(parseConfig({ ...production, ...publicUrl, PAYMENTS_PROVIDER: "test" }).payments.provider).toBe("test");
      expect(parseConfig({ ...production, ...publicUrl, ...postgres, PAYMENTS_PROVIDER: "test" }).payments.provider).toBe("test");
      expect(parseConfig({ ...production, ...publicUrl, ...postgres, PAYMENTS_PROVIDER: "none" }).payments.provider).toBe("none");
      expect(() => parseConfig({ ...production, ...publicUrl, PAYMENTS_PROVIDER: "stripe" })).toThrow(
        /STRIPE_SECRET_KEY is required when PAYMENTS_PROVIDER=stripe/,
      );
    });

    it("still serves in test mode on a loopback address (npm start, the browser tests), and outside production", () => {
      for (const publicUrl of [
        undefined,
        "http://localhost:3000",
        "http://127.0.0.1:4173",
        "http://127.9.8.7",
        "http://[::1]:3000",
        "http://school.localhost:3000",
      ]) {
        const env = publicUrl ? { ...production, PUBLIC_URL: publicUrl } : production;
        expect(parseConfig(env).payments.provider).toBe("test");
      }
      expect(parseConfig({ ...production, ...postgres, PUBLIC_URL: "http://127.0.0.1:3000" }).payments.provider).toBe("none");
      expect(parseConfig({ PUBLIC_URL: "https://school.example" }).payments.provider).toBe("test");
      expect(parseConfig({ NODE_ENV: "test", PUBLIC_URL: "https://school.example" }).payments.provider).toBe("test");
    });
  });

  it("does not seed demo content by default on PostgreSQL", () => {
    expect(parseConfig({ DATABASE_URL: "postgres://app@db:5432/site" }).seedDemo).toBe(false);
    expect(parseConfig({ DATABASE_URL: "postgres://app@db:5432/site", SEED_DEMO: "true" }).seedDemo).toBe(true);
    expect(parseConfig({ SEED_DEMO: "false" }).seedDemo).toBe(false);
  });

  it.each([
    [{ PORT: "abc" }, /^PORT must be a port number \(got "abc"\)/],
    [{ PORT: "70000" }, /^PORT must be between 0 and 65535/],
    [{ DATABASE_URL: "mysql://x" }, /^DATABASE_URL must be a postgres:\/\//],
    [{ PUBLIC_URL: "not a url" }, /^PUBLIC_URL must be an absolute URL/],
    [{ SEED_DEMO: "maybe" }, /^SEED_DEMO must be true or false/],
    [{ ADMIN_EMAIL: "owner@example.com" }, /^ADMIN_PASSWORD ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
    [{ STRIPE_SECRET_KEY: "sk_test_123" }, /^STRIPE_WEBHOOK_SECRET is required when STRIPE_SECRET_KEY is set/],
    [{ SMTP_URL: "http://mail" }, /^SMTP_URL must be an smtp:\/\//],
    [{ TRUST_PROXY: "yes" }, /^TRUST_PROXY must be a hop count .* \(got "yes"\)/],
    [{ TRUST_PROXY: "10.0.0.0/33" }, /^TRUST_PROXY must be a hop count/],
    [{ TRUST_PROXY: "loopback, proxy.internal" }, /^TRUST_PROXY must be a hop count/],
    [{ TRUST_PROXY: "-1" }, /^TRUST_PROXY must be a hop count/],
    [{ RATE_LIMIT_PER_IP_MULTIPLIER: "0" }, /^RATE_LIMIT_PER_IP_MULTIPLIER must be a whole number from 1 to 1000/],
    [{ RATE_LIMIT_PER_IP_MULTIPLIER: "2.5" }, /^RATE_LIMIT_PER_IP_MULTIPLIER must be a whole number from 1 to 1000/],
  ])("refuses %o with a message naming the variable", (env, message) => {
    let caught: unknown;
    try {
      parseConfig(env);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(ConfigError);
    expect((caught as ConfigError).problems.join("\n")).toMatch(message);
  });

  it("never echoes a secret value in its message", () => {
    expect(() => parseConfig({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "short" })).toThrow(
      /ADMIN_PASSWORD must be at least 12 characters \(got "…"\)/,
    );
    expect(() => parseConfig({ ADMIN_EMAIL: "a@b.co", ADMIN_PASSWORD: "eleven-char" })).toThrow(
      /ADMIN_PASSWORD must be at least 12 characters/,
    );
  });

  it("normalises the admin email and trims a trailing slash from PUBLIC_URL", () => {
    const config = parseConfig({
      ADMIN_EMAIL: "Owner@Example.com",
      ADMIN_PASSWORD: "long-enough-pass",
      PUBLIC_URL: "https://school.example/",
    });
    expect(config.admin).toEqual({ email: "owner@example.com", password: "long-enough-pass" });
    expect(config.publicUrl).toBe("https://school.example");
  });

  describe("TRUST_PROXY (what Express's trust proxy takes)", () => {
    it.each([
      [undefined, false],
      ["", false],
      ["false", false],
      ["0", false],
      ["1", 1],
      ["2", 2],
      ["loopback", ["loopback"]],
      ["10.0.0.1, 10.0.0.0/8,fd00::/8 , loopback", ["10.0.0.1", "10.0.0.0/8", "fd00::/8", "loopback"]],
      ["::1", ["::1"]],
    ])("reads %o as %o", (value, expected) => {
      expect(parseConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
    });

    it("reads true as one hop, never as 'trust every hop', and says so at start", () => {
      const config = parseConfig({ TRUST_PROXY: "true" });
      expect(config.trustProxy).toBe(1);
      expect(config.warnings.join("\n")).toMatch(/TRUST_PROXY=true is read as 1/);
      expect(parseConfig({ TRUST_PROXY: "1" }).warnings).toEqual([]);
    });
  });

  it("warns at a production start that payments are in test mode, and only then", () => {
    const warning = /Payments are in test mode/;
    expect(parseConfig({ NODE_ENV: "production" }).warnings.join("\n")).toMatch(warning);
    expect(
      parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x@127.0.0.1/db", PAYMENTS_PROVIDER: "test" }).warnings.join("\n"),
    ).toMatch(warning);
    expect(parseConfig({}).warnings).toEqual([]);
    expect(parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://x@127.0.0.1/db" }).warnings).toEqual([]);
  });

  it("keeps the per-IP limits at their defaults unless an operator raises them", () => {
    expect(parseConfig({}).perIpRateLimitMultiplier).toBe(1);
    expect(parseConfig({ RATE_LIMIT_PER_IP_MULTIPLIER: "20" }).perIpRateLimitMultiplier).toBe(20);
  });
});

describe("DISCUSSION_MAIL_EVERY_MINUTES", () => {
  it("is 10 minutes unless set, and a whole number from 1 to 60", () => {
    expect(parseConfig({}).discussionMailEveryMinutes).toBe(10);
    expect(parseConfig({ DISCUSSION_MAIL_EVERY_MINUTES: "1" }).discussionMailEveryMinutes).toBe(1);
    for (const bad of ["0", "61", "2.5", "often"]) {
      expect(() => parseConfig({ DISCUSSION_MAIL_EVERY_MINUTES: bad }), bad).toThrow(ConfigError);
    }
  });
});
