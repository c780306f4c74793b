import { useState } from "react";
import { topicPlaceholder } from "~/lib/topics";
import { cn } from "~/lib/utils";

/** A course cover that swaps to its topic's placeholder if the image fails to load. */
export function CourseImage({
  src,
  topic,
  alt,
  className,
  priority = false,
}: {
  src: string | null;
  topic?: string;
  alt: string;
  className?: string;
  priority?: boolean;
}) {
  const fallback = topicPlaceholder(topic);
  const [current, setCurrent] = useState(src || fallback);
  return (
    <img
      src={current}
      alt={alt}
      width={1200}
      height={675}
      loading={priority ? "eager" : "lazy"}
      decoding="async"
      className={cn("aspect-video w-full object-cover", className)}
      onError={() => {
        if (current !== fallback) setCurrent(fallback);
      }}
    />
  );
}
