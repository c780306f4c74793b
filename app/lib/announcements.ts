/** The texts of Admin → Announcements (issue 25), shared by its pages and actions. */
export const ANNOUNCEMENT_LIMITS = { subject: 200, bodyMd: 50_000 } as const;

export const ANNOUNCEMENT_MESSAGES = {
  subjectRequired: "Subject is required",
  bodyRequired: "Write the message",
  courseRequired: "Choose the course whose learners get it",
  started: "Sending the announcement",
  alreadyStarted: "This announcement is already being sent",
  testSent: (email: string) => `Test sent to ${email}`,
  listFailed: "Failed to fetch announcements",
  empty: "No announcements yet.",
  emptySearch: "No announcements found matching your search.",
} as const;
