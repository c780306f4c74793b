import commonPasswordsText from "./common-passwords.txt?raw";

/**
 * The 10,000 most common passwords, lower-cased (generated once by
 * scripts/generate-common-passwords.ts and committed). Vite inlines the file into the server
 * build, so the app never needs the dev package it came from.
 */
let list: Set<string> | undefined;

function commonPasswords() {
  list ??= new Set(commonPasswordsText.split("\n").filter(Boolean));
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
