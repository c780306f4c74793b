import { useEffect, useRef, useState } from "react";
import { imageSrc } from "~/lib/image-url";
import { COVER_SIZES, imageSrcSet } from "~/lib/image-variants";
import { topicPlaceholder } from "~/lib/topics";
import { cn } from "~/lib/utils";

/**
 * A course or post cover, offered in its smaller WebP copies when it has them (`srcset`, with how
 * wide it is drawn in `sizes`), that swaps to its topic's placeholder if the image fails to load.
 * `priority` is for the first cover on a page: loaded at once, not lazily.
 */
export function CourseImage({
  src: stored,
  topic,
  alt,
  className,
  priority = false,
  sizes = "card",
}: {
  src: string | null;
  topic?: string;
  alt: string;
  className?: string;
  priority?: boolean;
  sizes?: keyof typeof COVER_SIZES;
}) {
  const src = imageSrc(stored);
  const fallback = topicPlaceholder(topic);
  const [current, setCurrent] = useState(src || fallback);
  const ref = useRef<HTMLImageElement>(null);

  // A server-rendered image can fail before React hydrates and attaches onError; a finished
  // load with no pixels is that failure, so it gets the placeholder too.
  useEffect(() => {
    const image = ref.current;
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc && current !== fallback) setCurrent(fallback);
  }, [current, fallback]);

  // A new course in the same slot (the catalog re-rendering after a filter change) starts from its own cover.
  const [shownSrc, setShownSrc] = useState(src);
  if (shownSrc !== src) {
    setShownSrc(src);
    setCurrent(src || fallback);
  }

  return (
    <img
      ref={ref}
      src={current}
      // The placeholder has no copies; a failed cover falls back to it without its srcset.
      srcSet={current === fallback ? undefined : imageSrcSet(current)}
      sizes={current === fallback ? undefined : COVER_SIZES[sizes]}
      alt={alt}
      width={1200}
      height={675}
      loading={priority ? "eager" : "lazy"}
      fetchPriority={priority ? "high" : undefined}
      decoding="async"
      className={cn("aspect-video w-full object-cover", className)}
      onError={() => {
        if (current !== fallback) setCurrent(fallback);
      }}
    />
  );
}
