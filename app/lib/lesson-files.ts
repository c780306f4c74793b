/** The address a lesson's file downloads from, checked against the lesson's access rule on every request. */
export const lessonFilePath = (lessonId: string, fileId: string) => `/api/lessons/${lessonId}/files/${fileId}`;

/** A file's size for a list: "820 KB", "12.4 MB". */
export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** What a lesson file's type is called in its list. */
export function fileKindLabel(contentType: string) {
  if (contentType === "application/pdf") return "PDF";
  if (contentType === "application/zip") return "ZIP";
  if (contentType.startsWith("image/")) return contentType.slice("image/".length).toUpperCase().replace("JPEG", "JPG");
  return "File";
}
