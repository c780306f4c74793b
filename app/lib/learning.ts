/** Addresses, limits and texts of the lesson pages, for both sides. */

/** The lesson page. */
export const lessonPath = (courseSlug: string, lessonSlug: string) =>
  `/courses/${encodeURIComponent(courseSlug)}/lessons/${encodeURIComponent(lessonSlug)}`;

/** Where the player saves the position as the learner watches (POST, same origin). */
export const lessonProgressPath = (lessonId: string) => `/api/lessons/${lessonId}/progress`;

/** The longest position kept: a lesson video is at most 50 MB, far less than a day long. */
export const MAX_POSITION_SECONDS = 24 * 60 * 60;

/** How often the player saves the position while a video plays. */
export const POSITION_SAVE_INTERVAL_MS = 5_000;

export const LEARNING_MESSAGES = {
  completed: "Lesson marked as complete",
  uncompleted: "Lesson marked as not complete",
  failed: "Failed to save progress",
  /** The toast when the lesson completed the whole course and its certificate was issued. */
  certificateIssued: "Course complete! Your certificate is ready",
  certificateDescription: "Find it on the course page and in your account.",
} as const;

/** "12 min", "1h 5m", or null for a lesson without a duration. */
export function formatLessonDuration(seconds: number) {
  if (seconds <= 0) return null;
  const minutes = Math.max(1, Math.round(seconds / 60));
  return minutes >= 60 ? `${Math.floor(minutes / 60)}h ${minutes % 60}m` : `${minutes} min`;
}
