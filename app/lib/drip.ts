import { formatDate } from "./dates";
/** Drip schedules (issue 24): when a module's lessons open. Shared by the builder's form, its action and the pages. */
export const DRIP_RELEASES = ["now", "days", "date"] as const;
export type DripRelease = (typeof DRIP_RELEASES)[number];

export const DRIP_RELEASE_LABELS: Record<DripRelease, string> = {
  now: "Immediately",
  days: "Days after the learner's access begins",
  date: "On a date",
};

export const DRIP_MESSAGES = {
  daysInvalid: "Enter a whole number of days from 1 to 3650",
  dateInvalid: "Choose the date the module opens",
  opened: "Every lesson is open now for this learner",
  alreadyOpen: "Every lesson was already open for this learner",
  courseNotFound: "That course no longer exists.",
} as const;

/** The module's rule in words, for the builder's module card: null when it opens at once. */
export function describeDrip({ dripDays, dripDate }: { dripDays: number | null; dripDate: Date | string | null }) {
  if (dripDays) return `Opens ${dripDays} ${dripDays === 1 ? "day" : "days"} after access begins`;
  if (dripDate) return `Opens on ${formatDate(dripDate)}`;
  return null;
}
