import { ANNOUNCEMENT_AUDIENCES, type AnnouncementAudience } from "./domain-values";

/** The texts of Admin → Announcements (issue 25), shared by its pages and actions. */
export const ANNOUNCEMENT_LIMITS = { subject: 200, bodyMd: 50_000 } as const;

export const ANNOUNCEMENT_MESSAGES = {
  subjectRequired: "Subject is required",
  bodyRequired: "Write the message",
  courseRequired: "Choose the course whose learners get it",
  ownerOnlyAudience: "Only the school's owner can e-mail all members, all customers or newsletter subscribers",
  started: "Sending the announcement",
  alreadyStarted: "This announcement is already being sent",
  testSent: (email: string) => `Test sent to ${email}`,
  listFailed: "Failed to fetch announcements",
  empty: "No announcements yet.",
  emptySearch: "No announcements found matching your search.",
} as const;

/**
 * Who this role may announce to (decision 042). Audiences wider than one course's learners reach
 * everyone the school has an address for, under its name: the owner's (super admin's) alone, as
 * site settings are. Any admin may e-mail one course's learners. The form offers these; the action refuses the others.
 */
export function announcementAudiencesFor(role: string | null | undefined): AnnouncementAudience[] {
  return role === "super_admin" ? [...ANNOUNCEMENT_AUDIENCES] : ["course"];
}
