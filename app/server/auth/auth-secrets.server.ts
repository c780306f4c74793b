import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import type { Config } from "~/server/platform/config.server";

/**
 * The signing secret: AUTH_SECRET when set (required with several app instances),
 * otherwise one generated on first start and kept in DATA_DIR so sessions survive restarts.
 */
export function resolveAuthSecret(config: Config) {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, "auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    return secret;
  }
}

/**
 * Every secret, the current one first: AUTH_SECRET (or the generated one), then AUTH_PREVIOUS_SECRETS.
 * The first signs and encrypts; all of them are accepted when reading (docs/decisions/032).
 */
export function resolveAuthSecrets(config: Config) {
  return [resolveAuthSecret(config), ...config.authPreviousSecrets];
}
