import { useState } from "react";
import { slugify } from "~/lib/slug";

/**
 * §4: typing a title sets the slug. A new record's slug follows its title until someone edits the
 * slug itself; an existing record's slug (a published URL) never moves on its own.
 * `slugFor(title)` gives the fields to merge into the form's state along with the title.
 */
export function useSlugFollowsTitle({ following: initiallyFollowing }: { following: boolean }) {
  const [following, setFollowing] = useState(initiallyFollowing);
  return {
    slugFor: (title: string): { slug?: string } => (following ? { slug: slugify(title) } : {}),
    stopFollowing: () => setFollowing(false),
  };
}
