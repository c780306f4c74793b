import fs from "node:fs/promises";
import path from "node:path";
import { expect } from "@playwright/test";

/** Quoted-printable body text as plain text: soft line breaks joined, =XX escapes decoded as UTF-8. */
export function decodeQuotedPrintable(text: string) {
  const joined = text.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === "=" && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i]!, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

/**
 * The newest .eml in the e2e server's outbox sent to `to` (other tests write there too, so
 * the address must be unique to the test), decoded. Waits for it to arrive (`timeout`, 10 s unless
 * a scheduled job sends it).
 */
export async function newestMailTo(
  to: string,
  { after = 0, containing, timeout = 10_000 }: { after?: number; containing?: string; timeout?: number } = {},
) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(".eml"));
        const withTimes = await Promise.all(files.map(async (file) => ({ file, mtime: (await fs.stat(path.join(outbox, file))).mtimeMs })));
        for (const { file } of withTimes.filter((entry) => entry.mtime >= after).sort((a, b) => b.mtime - a.mtime)) {
          const raw = await fs.readFile(path.join(outbox, file), "utf8");
          if (!new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "mi").test(raw)) continue;
          const decoded = decodeQuotedPrintable(raw);
          if (containing && !decoded.includes(containing)) continue;
          found = decoded;
          return true;
        }
        return false;
      },
      { timeout, message: `a mail to ${to} in the outbox` },
    )
    .toBe(true);
  return found!;
}

/** How many mails in the outbox were sent to `to`. */
export async function countMailsTo(to: string) {
  const outbox = path.join(process.env.E2E_DATA_DIR!, "outbox");
  const files = (await fs.readdir(outbox).catch(() => [] as string[])).filter((file) => file.endsWith(".eml"));
  let count = 0;
  for (const file of files) {
    const raw = await fs.readFile(path.join(outbox, file), "utf8");
    if (new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}\\s*$`, "mi").test(raw)) count++;
  }
  return count;
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@e2e.test`;
