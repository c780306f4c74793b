import { COMMON_PASSWORDS_TEXT } from "./common-passwords.generated";

/**
 * The 10,000 most common passwords, lower-cased (generated once by
 * scripts/generate-common-passwords.ts and committed as a TypeScript module), so the app never
 * needs the dev package it came from, and the Vite build, tsx scripts and Vitest read it alike.
 */
let list: Set<string> | undefined;

function commonPasswords() {
  list ??= new Set(COMMON_PASSWORDS_TEXT.split("\n").filter(Boolean));
  return list;
}

export const COMMON_PASSWORD_MESSAGE =
  "This password is one of the most common passwords and is easy to guess. Please choose a less common one.";

/** Case-insensitive, so "Password" and "PASSWORD" are refused like "password". */
export function isCommonPassword(password: string) {
  return commonPasswords().has(password.toLowerCase());
}

export function commonPasswordCount() {
  return commonPasswords().size;
}
