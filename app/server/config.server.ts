import path from "node:path";
import { z } from "zod";

/**
 * Every environment variable the app reads, validated in one place.
 * A bad value stops start-up with a message naming the variable.
 */

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema.optional());

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((value) => value === "true" || value === "1" || value === "yes");

const databaseUrl = z
  .string()
  .regex(/^postgres(ql)?:\/\/.+/, "must be a postgres:// or postgresql:// URL");

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
    ADMIN_EMAIL: optional(z.email({ error: "must be an email address" })),
    ADMIN_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")),
    SEED_DEMO: optional(booleanFlag),
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
    GOOGLE_CLIENT_ID: optional(z.string()),
    GOOGLE_CLIENT_SECRET: optional(z.string()),
    GITHUB_CLIENT_ID: optional(z.string()),
    GITHUB_CLIENT_SECRET: optional(z.string()),
    TRUST_PROXY: optional(booleanFlag),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
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
  });

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
    migrationsDir: path.resolve(raw.MIGRATIONS_DIR),
    publicUrl: (raw.PUBLIC_URL ?? `http://localhost:${raw.PORT}`).replace(/\/+$/, ""),
    authSecret: raw.AUTH_SECRET,
    admin: raw.ADMIN_EMAIL && raw.ADMIN_PASSWORD ? { email: raw.ADMIN_EMAIL.toLowerCase(), password: raw.ADMIN_PASSWORD } : undefined,
    seedDemo: raw.SEED_DEMO ?? !raw.DATABASE_URL,
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
    oauth: {
      google: raw.GOOGLE_CLIENT_ID && raw.GOOGLE_CLIENT_SECRET ? { clientId: raw.GOOGLE_CLIENT_ID, clientSecret: raw.GOOGLE_CLIENT_SECRET } : undefined,
      github: raw.GITHUB_CLIENT_ID && raw.GITHUB_CLIENT_SECRET ? { clientId: raw.GITHUB_CLIENT_ID, clientSecret: raw.GITHUB_CLIENT_SECRET } : undefined,
    },
    trustProxy: raw.TRUST_PROXY ?? false,
    logLevel: raw.LOG_LEVEL,
  };
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
