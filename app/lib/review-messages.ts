/** The texts of learners' reviews (issue 24), shared by the course page, its action and Admin → Reviews. */
export const REVIEW_MESSAGES = {
  ratingRequired: "Choose a rating from 1 to 5 stars",
  commentTooLong: (max: number) => `Keep your review under ${max.toLocaleString("en-US")} characters`,
  posted: "Thanks! Your review is posted",
  updated: "Your review is updated",
  notAllowed: {
    "sign-in": "Sign in to review this course.",
    "not-enrolled": "Only learners of this course can review it.",
    "plan-paused": "Your payment plan is paused: pay it to review this course.",
    "no-completed-lesson": "Finish a lesson to review this course.",
    admin: "Admins hide reviews; learners write them.",
    draft: "This course is not published.",
  },
  hiddenNotice: "An admin hid your review, so it is not shown on the course page.",
  hidden: "Review hidden",
  shown: "Review shown again",
  notFound: "That review no longer exists.",
  fetchListFailed: "Failed to fetch reviews",
  empty: "No reviews yet.",
  emptySearch: "No reviews found matching your search.",
} as const;
