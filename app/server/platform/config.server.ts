import net from "node:net";
import path from "node:path";
import { z } from "zod";
import { ADMIN_PASSWORD_MIN } from "~/lib/forms/limits";

/**
 * Every environment variable the app reads, validated in one place.
 * A bad value stops start-up with a message naming the variable.
 */

const optional = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

/** The names Express's `trust proxy` knows, besides addresses and CIDR ranges. */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isProxyAddressOrRange(item: string) {
  if (PROXY_NAMES.has(item)) return true;
  const [address, prefix, ...rest] = item.split("/");
  const version = net.isIP(address ?? "");
  if (!version || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * What Express's `trust proxy` takes: a hop count, or a comma-separated list of proxy addresses,
 * CIDR ranges and the names loopback, linklocal, uniquelocal. `true` would trust every hop, so
 * that any client could pick its own address with X-Forwarded-For: it is read as 1 (one proxy
 * in front), with a warning at start. `false`/`0`/unset: no proxy, the peer is the client.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const lower = value.toLowerCase();
    if (lower === "false") return false as const;
    if (lower === "true") return 1;
    if (/^\d+$/.test(lower)) return Number(lower) || (false as const);
    const items = lower
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
    if (items.length > 0 && items.every(isProxyAddressOrRange)) return items;
    ctx.addIssue({
      code: "custom",
      message: "must be a hop count (1 for one proxy in front), loopback, or a comma-separated list of proxy addresses or CIDR ranges",
    });
    return z.NEVER;
  });

const databaseUrl = z.string().regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce
      .number({ error: "must be a port number" })
      .int("must be a whole number")
      .min(0, "must be between 0 and 65535")
      .max(65535, "must be between 0 and 65535")
      .default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optional(databaseUrl),
    MIGRATIONS_DIR: z.string().min(1).default("./drizzle"),
    PUBLIC_URL: optional(z.url({ error: "must be an absolute URL such as https://example.com" })),
    AUTH_SECRET: optional(z.string().min(32, "must be at least 32 characters")),
    // Secrets AUTH_SECRET replaced, newest first: what they encrypted and signed stays readable (docs/decisions/032).
    AUTH_PREVIOUS_SECRETS: optional(
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((secret) => secret.trim())
            .filter(Boolean),
        )
        .refine(
          (secrets) => secrets.every((secret) => secret.length >= 32),
          "must be a comma-separated list of secrets of at least 32 characters each",
        ),
    ),
    ADMIN_EMAIL: optional(z.email({ error: "must be an email address" })),
    ADMIN_PASSWORD: optional(z.string().min(ADMIN_PASSWORD_MIN, `must be at least ${ADMIN_PASSWORD_MIN} characters`)),
    SEED_DEMO: optional(booleanFlag),
    // After seeding, make the demo's free-preview videos with ffmpeg (docs/decisions/026); default on.
    DEMO_VIDEOS: optional(booleanFlag),
    SMTP_URL: optional(z.string().regex(/^smtps?:\/\/.+/, "must be an smtp:// or smtps:// URL")),
    // A bare address is sent under the school's name from the site settings.
    MAIL_FROM: z.string().min(3).default("hello@launchpad.localhost"),
    S3_BUCKET: optional(z.string().min(3)),
    S3_REGION: z.string().default("us-east-1"),
    S3_ENDPOINT: optional(z.url({ error: "must be a URL" })),
    S3_ACCESS_KEY_ID: optional(z.string()),
    S3_SECRET_ACCESS_KEY: optional(z.string()),
    S3_FORCE_PATH_STYLE: optional(booleanFlag),
    STRIPE_SECRET_KEY: optional(z.string().regex(/^sk_(test|live)_/, "must start with sk_test_ or sk_live_")),
    STRIPE_WEBHOOK_SECRET: optional(z.string().regex(/^whsec_/, "must start with whsec_")),
    STRIPE_PRICE_MONTHLY: optional(z.string().regex(/^price_/, "must be a Stripe price id (price_…)")),
    STRIPE_PRICE_YEARLY: optional(z.string().regex(/^price_/, "must be a Stripe price id (price_…)")),
    PAYMENTS_PROVIDER: optional(z.enum(["stripe", "test", "none"], { error: "must be stripe, test or none" })),
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    GITHUB_CLIENT_ID: optional(z.string()),
    GITHUB_CLIENT_SECRET: optional(z.string()),
    TRUST_PROXY: optional(trustProxySetting),
    RATE_LIMIT_PER_IP_MULTIPLIER: optional(
      z.coerce
        .number({ error: "must be a whole number from 1 to 1000" })
        .int("must be a whole number from 1 to 1000")
        .min(1, "must be a whole number from 1 to 1000")
        .max(1000, "must be a whole number from 1 to 1000"),
    ),
    // Job workers in the web process: on (default) or off (workers run in `npm run worker` instead).
    WORKERS: optional(
      z
        .enum(["on", "off", "true", "false", "1", "0", "yes", "no"], { error: "must be on or off" })
        .transform((value) => ["on", "true", "1", "yes"].includes(value)),
    ),
    WORKER_SHUTDOWN_SECONDS: optional(
      z.coerce
        .number({ error: "must be a number of seconds from 0 to 600" })
        .int("must be a whole number of seconds")
        .min(0, "must be a number of seconds from 0 to 600")
        .max(600, "must be a number of seconds from 0 to 600"),
    ),
    // How often the discussion mail job looks for news to send (issue 42); each person still gets one an hour at most.
    DISCUSSION_MAIL_EVERY_MINUTES: optional(
      z.coerce
        .number({ error: "must be a whole number of minutes from 1 to 60" })
        .int("must be a whole number of minutes from 1 to 60")
        .min(1, "must be a whole number of minutes from 1 to 60")
        .max(60, "must be a whole number of minutes from 1 to 60"),
    ),
    // The folder with pg_dump and pg_restore for `npm run db:backup` / `db:restore`; unset: found on PATH.
    PG_BIN: optional(z.string().min(1)),
    // The ffmpeg binary that transcodes lesson videos; unset: the one @ffmpeg-installer/ffmpeg ships.
    FFMPEG_PATH: optional(z.string().min(1)),
    // Hosts webhooks may reach although they resolve to a private or loopback address, and over http:// (development and tests).
    WEBHOOK_ALLOWED_HOSTS: optional(
      z
        .string()
        .transform((value) =>
          value
            .split(",")
            .map((host) => host.trim().toLowerCase())
            .filter(Boolean),
        )
        .refine(
          (hosts) => hosts.every((host) => /^[a-z0-9.:[\]-]+$/.test(host)),
          "must be a comma-separated list of host names or addresses",
        ),
    ),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    PAGE_CACHE_MB: optional(
      z.coerce
        .number({ error: "must be a whole number of megabytes from 0 to 4096" })
        .int("must be a whole number of megabytes from 0 to 4096")
        .min(0, "must be a whole number of megabytes from 0 to 4096")
        .max(4096, "must be a whole number of megabytes from 0 to 4096"),
    ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required when STRIPE_SECRET_KEY is set",
      });
    }
    if (env.AUTH_PREVIOUS_SECRETS?.length && !env.AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["AUTH_PREVIOUS_SECRETS"], message: "needs AUTH_SECRET (the secret that replaced them)" });
    }
    const secrets = [env.AUTH_SECRET, ...(env.AUTH_PREVIOUS_SECRETS ?? [])].filter(Boolean);
    if (new Set(secrets).size !== secrets.length) {
      ctx.addIssue({ code: "custom", path: ["AUTH_PREVIOUS_SECRETS"], message: "must not repeat a secret (or AUTH_SECRET itself)" });
    }
    if (env.PAYMENTS_PROVIDER === "stripe" && !env.STRIPE_SECRET_KEY) {
      ctx.addIssue({ code: "custom", path: ["STRIPE_SECRET_KEY"], message: "is required when PAYMENTS_PROVIDER=stripe" });
    }
    // A production start that the public can reach never falls into test mode (or no payments) by default.
    const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
    if (env.NODE_ENV === "production" && !env.STRIPE_SECRET_KEY && !env.PAYMENTS_PROVIDER && !isLoopbackUrl(publicUrl)) {
      ctx.addIssue({
        code: "custom",
        path: ["STRIPE_SECRET_KEY"],
        message: `is required in production with a public PUBLIC_URL (${publicUrl}): set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENTS_PROVIDER=test to sell in the labelled test mode (every order paid with no money), or PAYMENTS_PROVIDER=none to take no payments`,
      });
    }
  });

/**
 * A URL only this machine can open: localhost (and *.localhost), 127.0.0.0/8 or [::1]. Such a
 * production start (`npm start`, the browser tests) may still sell in test mode by default.
 */
export function isLoopbackUrl(value: string) {
  let host: string;
  try {
    host = new URL(value).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || /^127(\.\d{1,3}){3}$/.test(host) || host === "[::1]";
}

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

export function parseConfig(env: Record<string, string | undefined>) {
  const result = envSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = issue.path.join(".") || "environment";
        const value = env[name];
        const shown = value === undefined ? "" : ` (got "${name.includes("SECRET") || name.includes("PASSWORD") ? "…" : value}")`;
        return `${name} ${issue.message}${shown}`;
      }),
    );
  }
  const raw = result.data;
  const dataDir = path.resolve(raw.DATA_DIR);
  return {
    env: raw.NODE_ENV,
    isProduction: raw.NODE_ENV === "production",
    port: raw.PORT,
    host: raw.HOST,
    dataDir,
    databaseUrl: raw.DATABASE_URL,
    pgBin: raw.PG_BIN,
    ffmpegPath: raw.FFMPEG_PATH,
    migrationsDir: path.resolve(raw.MIGRATIONS_DIR),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    authSecret: raw.AUTH_SECRET,
    authPreviousSecrets: raw.AUTH_PREVIOUS_SECRETS ?? [],
    admin: raw.ADMIN_EMAIL && raw.ADMIN_PASSWORD ? { email: raw.ADMIN_EMAIL.toLowerCase(), password: raw.ADMIN_PASSWORD } : undefined,
    seedDemo: raw.SEED_DEMO ?? !raw.DATABASE_URL,
    demoVideos: raw.DEMO_VIDEOS ?? true,
    mail: { smtpUrl: raw.SMTP_URL, from: raw.MAIL_FROM, outboxDir: path.join(dataDir, "outbox") },
    storage: raw.S3_BUCKET
      ? {
          kind: "s3" as const,
          bucket: raw.S3_BUCKET,
          region: raw.S3_REGION,
          endpoint: raw.S3_ENDPOINT,
          accessKeyId: raw.S3_ACCESS_KEY_ID ?? "",
          secretAccessKey: raw.S3_SECRET_ACCESS_KEY ?? "",
          forcePathStyle: raw.S3_FORCE_PATH_STYLE ?? Boolean(raw.S3_ENDPOINT),
        }
      : { kind: "local" as const, root: path.join(dataDir, "storage") },
    stripe: raw.STRIPE_SECRET_KEY
      ? {
          secretKey: raw.STRIPE_SECRET_KEY,
          webhookSecret: raw.STRIPE_WEBHOOK_SECRET ?? "",
          priceMonthly: raw.STRIPE_PRICE_MONTHLY,
          priceYearly: raw.STRIPE_PRICE_YEARLY,
        }
      : undefined,
    payments: { provider: paymentsProvider(raw) },
    oauth: {
      google:
        raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET
          ? { clientId: raw.GOOGLE_CLIENT_ID, clientSecret: raw.GOOGLE_CLIENT_SECRET }
          : undefined,
      github:
        raw.GITHUB_CLIENT_ID && raw.GITHUB_CLIENT_SECRET
          ? { clientId: raw.GITHUB_CLIENT_ID, clientSecret: raw.GITHUB_CLIENT_SECRET }
          : undefined,
    },
    /** Express's `trust proxy`: false, a hop count, or proxy addresses/ranges. */
    trustProxy: raw.TRUST_PROXY ?? false,
    /** Every per-IP allowance (auth, contact, newsletter) is this many times its default. */
    perIpRateLimitMultiplier: raw.RATE_LIMIT_PER_IP_MULTIPLIER ?? 1,
    /** Webhook hosts let through the address checks and allowed http:// (docs/decisions/050). */
    webhookAllowedHosts: raw.WEBHOOK_ALLOWED_HOSTS ?? [],
    /** Accepted, but worth a line in the log at start. */
    warnings: configWarnings(env, paymentsProvider(raw)),
    logLevel: raw.LOG_LEVEL,
    /** The rendered-page cache's byte budget for anonymous visitors (docs/decisions/022); 0 turns it off. */
    pageCacheMaxBytes: (raw.PAGE_CACHE_MB ?? 64) * 1024 * 1024,
    /** Background jobs (docs/decisions/018): whether the web process runs workers, and how long shutdown waits for running jobs. */
    workers: { inWebProcess: raw.WORKERS ?? true, shutdownTimeoutMs: (raw.WORKER_SHUTDOWN_SECONDS ?? 8) * 1000 },
    /** Minutes between two runs of the discussion mail job (issue 42). */
    discussionMailEveryMinutes: raw.DISCUSSION_MAIL_EVERY_MINUTES ?? 10,
  };
}

/**
 * Who takes the money (docs/decisions/015): Stripe when its key is set; the labelled test mode on
 * the embedded default (no DATABASE_URL), so the demo sells out of the box; with DATABASE_URL and
 * no Stripe key, nobody ("payments are not configured") unless PAYMENTS_PROVIDER=test says so.
 */
function paymentsProvider(raw: { PAYMENTS_PROVIDER?: "stripe" | "test" | "none"; STRIPE_SECRET_KEY?: string; DATABASE_URL?: string }) {
  if (raw.PAYMENTS_PROVIDER) return raw.PAYMENTS_PROVIDER;
  if (raw.STRIPE_SECRET_KEY) return "stripe" as const;
  return raw.DATABASE_URL ? ("none" as const) : ("test" as const);
}

function configWarnings(env: Record<string, string | undefined>, payments: ReturnType<typeof paymentsProvider>) {
  const warnings: string[] = [];
  if (payments === "test" && env.NODE_ENV === "production") {
    warnings.push(
      "Payments are in test mode: checkout opens courses and memberships with no payment. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET before selling.",
    );
  }
  if (env.TRUST_PROXY?.trim().toLowerCase() === "true") {
    warnings.push(
      "TRUST_PROXY=true is read as 1 (one reverse proxy in front of the app). Set the hop count, or the proxies' addresses, explicitly.",
    );
  }
  return warnings;
}

let current: Config | undefined;

/** The process's configuration, read from `process.env` once. */
export function getConfig(): Config {
  current ??= parseConfig(process.env);
  return current;
}

/** Tests and scripts that build their own configuration install it here. */
export function setConfig(config: Config) {
  current = config;
}
