/** The spec's texts for the users screens and course access (§2, §8), and the few the spec left to us. */
export const USER_MESSAGES = {
  title: "User Management",
  fetchListFailed: "Failed to fetch users",
  noMatches: "No users found matching your search.",
  none: "No users found.",
  fetchFailed: "Failed to fetch user data",
  certificateRevoked: "Certificate revoked",
  certificateNotFound: "This person has no such certificate.",
  notFound: "User not found",
  accessLoadFailed: "Failed to load course access data",
  noPublishedCourses: "No published courses available",
  granted: "Course access granted",
  grantFailed: "Failed to grant course access",
  revoked: "Course access revoked",
  revokeFailed: "Failed to revoke course access",
  // Not in the spec (role changes are new): worded like the spec's other toasts.
  roleChanged: "Role updated successfully",
  roleUnchanged: "The role was already set",
  roleChangeFailed: "Failed to update role",
} as const;

/** The badge of a course the person has never had. */
export const NO_ACCESS_LABEL = "No access";
