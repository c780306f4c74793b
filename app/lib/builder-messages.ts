/** The spec's texts for the course builder (§8 Builder), in one place. */
export const BUILDER_MESSAGES = {
  loadCourseFailed: "Failed to load course",
  courseNotFound: "Course not found.",
  detailsUpdated: "Course details updated",
  detailsFailed: "Failed to update course details",
  published: "Course published",
  unpublished: "Course unpublished",
  statusFailed: "Failed to update course status",
  loadCurriculumFailed: "Failed to load curriculum",

  loadModuleFailed: "Failed to load module",
  moduleUpdated: "Module updated",
  moduleUpdateFailed: "Failed to update module",
  moduleCreateFailed: "Failed to create module",
  moduleDeleted: "Module deleted",
  moduleDeleteFailed: "Failed to delete module",
  noModules: "No modules yet",
  addFirstModule: "Add Your First Module",

  loadLessonFailed: "Failed to load lesson",
  lessonUpdated: "Lesson updated",
  lessonUpdateFailed: "Failed to update lesson",
  lessonCreateFailed: "Failed to create lesson",
  lessonDeleted: "Lesson deleted",
  lessonDeleteFailed: "Failed to delete lesson",

  confirmDeleteModule: "Are you sure you want to delete this module and all its lessons?",
  confirmDeleteLesson: "Are you sure you want to delete this lesson?",

  // The refusals of a video (not a video, too large) are the upload kind's: app/lib/upload-kinds.ts.
  videoUploadFailed: "Failed to upload video",
  videoUploaded: "Video uploaded successfully",

  freePreview: "Free preview (accessible without enrollment)",
  preview: "Preview",
  enrolledOnly: "Enrolled only",
} as const;

/** Not in the spec's catalogue: the builder's own wording for what it adds. */
export const BUILDER_EXTRA_MESSAGES = {
  titleRequired: "Title is required",
  slugRequired: "Slug is required",
  courseSlugTaken: "Another course already uses this slug",
  lessonSlugTaken: "Another lesson in this course already uses this slug",
  priceInvalid: "Price must be a whole number of cents, 0 or more",
  durationInvalid: "Duration must be a whole number of seconds, 0 or more",
  youtubeInvalid: "Enter a YouTube video link, e.g. https://www.youtube.com/watch?v=…",
  vimeoInvalid: "Enter a Vimeo video link, e.g. https://vimeo.com/123456789",
  embedInvalid: "Paste an iframe embed code from YouTube, Vimeo, Wistia, Loom or Bunny Stream",
  moved: "Order saved",
  moveFailed: "Failed to save the new order",
  transcodeQueued: "Video queued for processing",
  transcodeRetryFailed: "Failed to queue the video for processing",
} as const;
