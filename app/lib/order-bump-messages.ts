/** A bump's pitch: one or two sentences in the checkout's box. */
export const BUMP_PITCH_MAX = 200;

/** What the checkout's box and the admin's form say about order bumps (docs/decisions/067). */
export const BUMP_MESSAGES = {
  saved: "Order bump saved",
  removed: "Order bump removed",
  chooseCourse: "Choose the course or bundle to offer",
  notForSale: "Only a published course can be offered: this one is a draft or was deleted",
  sameCourse: "Offer another course than this one",
  courseGone: "This course was deleted",
  inBundle: "This course is in the bundle already: offer one it does not hold",
  bundleGone: "This bundle was deleted",
  sameBundle: "Offer another bundle than this one",
  bundleNotForSale: "Only a published bundle can be offered: this one is a draft or was deleted",
  bundleOverlaps: "This bundle holds a course this checkout sells already: offer one without it",
  /** With a membership's free trial, the bump is charged at once, the plan when the trial ends (docs/decisions/074). */
  chargedToday: (price: string, date: string) => `${price} is charged today; the membership's first payment is on ${date}.`,
  negativePrice: "The special price cannot be negative",
  boxLabel: (title: string, price: string) => `Yes, add “${title}” for ${price}`,
} as const;
