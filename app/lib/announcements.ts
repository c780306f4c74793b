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
  confirmQuestion: (count: number) => `Send this announcement to ${people(count)}?`,
  confirmHint: "People who unsubscribed or whose mail bounced are not counted: they get nothing.",
  confirmButton: (count: number) => `Send to ${people(count)}`,
  countChanged: (count: number) => `The audience changed since you checked: it is now ${people(count)}. Confirm again to send.`,
  editDraft: "Change the draft",
  nobody: {
    course: "Nobody would get this: the course has no enrolled learners.",
    members: "Nobody would get this: there are no active members.",
    customers: "Nobody would get this: no one has bought anything yet.",
    newsletter: "Nobody would get this: the newsletter has no confirmed subscribers.",
  } satisfies Record<AnnouncementAudience, string>,
  nobodyLeft: (audienceSize: number) =>
    `Nobody would get this: ${audienceSize === 1 ? "the one person" : `all ${audienceSize.toLocaleString("en-US")} people`} in this audience unsubscribed or their mail bounced.`,
} as const;

/** "1 person", "1,204 people". */
export function people(count: number) {
  return count === 1 ? "1 person" : `${count.toLocaleString("en-US")} people`;
}

/**
 * What a confirmation was given for: the audience and the number of recipients shown. Sending
 * checks it against the audience as it is then, so a confirmation for 12 course learners never
 * sends to 4,000 subscribers (the audience was changed) or to 40 (people enrolled since).
 */
export function announcementConfirmation({ audience, courseId, count }: { audience: string; courseId: string | null; count: number }) {
  return `${audience}:${courseId ?? ""}:${count}`;
}

/**
 * Who this role may announce to (decision 042). Audiences wider than one course's learners reach
 * everyone the school has an address for, under its name: the owner's (super admin's) alone, as
 * site settings are. Any admin may e-mail one course's learners. The form offers these; the action refuses the others.
 */
export function announcementAudiencesFor(role: string | null | undefined): AnnouncementAudience[] {
  return role === "super_admin" ? [...ANNOUNCEMENT_AUDIENCES] : ["course"];
}
