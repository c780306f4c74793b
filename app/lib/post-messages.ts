/** The spec's texts for posts (§8), in one place. */
export const POST_MESSAGES = {
  required: "Title and content are required",
  savedDraft: "Post saved as draft successfully",
  published: "Post published successfully",
  unpublished: "Post unpublished successfully",
  deleted: "Post deleted successfully",
  saveFailed: "Failed to save post",
  fetchListFailed: "Failed to fetch blog posts",
  fetchFailed: "Failed to fetch post",
  notFound: "Post not found",
  statusFailed: "Failed to update post status",
  deleteFailed: "Failed to delete post",
  uploaded: "Cover image uploaded successfully",
  uploadFailed: "Failed to upload image",
} as const;
