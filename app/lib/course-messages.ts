/** The spec's texts for the course list and the New/Edit Course screens (§2, §5, §8), in one place. */
export const COURSE_MESSAGES = {
  required: "Title and short description are required",
  published: "Course published successfully",
  unpublished: "Course unpublished successfully",
  savedDraft: "Course saved as draft successfully",
  deleted: "Course deleted successfully",
  saveFailed: "Failed to save course",
  fetchListFailed: "Failed to fetch courses",
  fetchFailed: "Failed to fetch course",
  notFound: "Course not found",
  statusFailed: "Failed to update course status",
  deleteFailed: "Failed to delete course",
  uploaded: "Cover image uploaded successfully",
  uploadFailed: "Failed to upload image",
  confirmDeleteFromList: "This will also delete all lessons.",
  confirmDeleteFromEditor: "Are you sure you want to delete this course? This will also delete all lessons.",
  emptySearch: "No courses found matching your search.",
  empty: "No courses yet.",
  // Not the spec's: what the Lessons card says about a lesson row without a title, and about a
  // save whose lessons were changed elsewhere since the form was loaded.
  lessonTitleRequired: "Every lesson needs a title",
  lessonsChanged: "This course's lessons were changed elsewhere since this page was opened. Reload the page and try again.",
  // A ticked topic the owner renamed or deleted (Admin → Topics) since the form was opened.
  topicsChanged: "A topic was renamed or deleted since this page was opened. Tick the topics again.",
  // A save of a form opened before another change to the course (in the builder, the list or another tab).
  courseChanged: "This course changed since you opened it",
  courseChangedHint:
    "Nothing was saved. Reload the page to see the course as it is now, then make your changes again: what you typed stays in this form until you reload, so copy what you need first.",
} as const;
