/**
 * The limits the shared fields enforce, for inputs' `maxLength`/`minLength`. Kept apart from
 * fields.ts so a page that only needs a number (the footer's newsletter box is on every page)
 * does not load zod.
 */
export const EMAIL_MAX = 254;
/** §9: minimum password length 6. The upper bound keeps hashing cheap. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const SLUG_MAX = 300;
/** A person's full name. */
export const PERSON_NAME_MAX = 100;
export const PRICE_STEP = 0.01;
/** A ceiling no real price reaches, so cents stay a safe integer. */
export const PRICE_MAX_DOLLARS = 1_000_000;
