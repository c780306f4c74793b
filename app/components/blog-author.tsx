import { imageSrc } from "~/lib/image-url";
import { cn } from "~/lib/utils";

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
}

/** A post author's avatar (or initials) and name. */
export function BlogAuthor({ author, size = "sm", className }: { author: { name: string; image: string | null }; size?: "sm" | "md"; className?: string }) {
  const box = size === "md" ? "size-10 text-sm" : "size-7 text-xs";
  return (
    <span className={cn("flex items-center gap-2", className)}>
      {imageSrc(author.image) ? (
        <img src={imageSrc(author.image)!} alt="" width={40} height={40} loading="lazy" decoding="async" className={cn("shrink-0 rounded-full object-cover", box)} />
      ) : (
        <span aria-hidden="true" className={cn("flex shrink-0 items-center justify-center rounded-full bg-secondary font-semibold text-secondary-foreground", box)}>
          {initials(author.name)}
        </span>
      )}
      <span className="font-medium text-foreground">{author.name}</span>
    </span>
  );
}
