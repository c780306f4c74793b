/**
 * admin-settings.spec.ts renames the school and changes its membership prices for a few seconds,
 * on the server every other spec uses at the same moment. So other specs match the school's name
 * and those prices loosely; admin-settings.spec.ts checks the defaults exactly before it changes them.
 */

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** "Subject: Confirm your {school} account" as a pattern that takes any school name. */
export function withAnySchool(text: string, { whole = false } = {}) {
  const pattern = text.split("{school}").map(escapeRegExp).join(".+");
  return new RegExp(whole ? `^${pattern}$` : pattern);
}

/** A price in running text: "$97", "$49.50", "$1,000". */
export const PRICE_TEXT = /^\$\d{1,3}(,\d{3})*(\.\d{2})?$/;
