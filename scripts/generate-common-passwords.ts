/**
 * Writes app/server/auth/common-passwords.txt: the 10,000 most common passwords, lower-cased,
 * one a line, from the frequency-ranked list of the dev package @zxcvbn-ts/language-common.
 *
 * Why a generated file: the app refuses these passwords at sign-up, reset and change, and
 * must not depend on a dev package at run time. The file is committed; re-run this only to
 * refresh it:  npx tsx scripts/generate-common-passwords.ts
 */
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { dictionary } from "@zxcvbn-ts/language-common";

const COUNT = 10_000;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const target = path.join(root, "app/server/auth/common-passwords.txt");

// The list is ranked by frequency; lower-casing merges a few entries, so keep the first of each.
const seen = new Set<string>();
for (const password of dictionary["passwords-common"]) {
  const entry = password.trim().toLowerCase();
  if (!entry || entry.includes("\n")) continue;
  seen.add(entry);
  if (seen.size === COUNT) break;
}
if (seen.size < COUNT) throw new Error(`The package lists only ${seen.size} distinct passwords; expected ${COUNT}.`);

await writeFile(target, `${[...seen].join("\n")}\n`);
console.log(`Wrote ${seen.size} passwords to ${path.relative(root, target)}`);
