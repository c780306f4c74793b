import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { formatDate } from "~/lib/dates";
import { imageSrc } from "~/lib/image-url";
import type { PlaybookCard } from "~/server/marketing/marketing.server";

/** A playbook's details in a dialog, opened from its card's Preview button on /playbooks. */
export default function PlaybookPreview({
  playbook,
  price,
  courseHref,
  open,
  onClose,
  returnFocusTo,
}: {
  playbook: PlaybookCard;
  price: string;
  courseHref: string;
  open: boolean;
  onClose: () => void;
  returnFocusTo: () => HTMLElement | null;
}) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()}>
      <DialogContent
        className="sm:max-w-xl"
        // Opened from a card's button rather than a DialogTrigger, so focus goes back there by hand.
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          returnFocusTo()?.focus();
        }}
      >
        <img
          src={imageSrc(playbook.imageUrl) ?? "/images/placeholders/default.webp"}
          alt=""
          width={800}
          height={500}
          className="aspect-[8/5] w-full rounded-md object-cover"
        />
        <DialogHeader>
          <DialogTitle>{playbook.title}</DialogTitle>
          <DialogDescription>{playbook.description}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-2 gap-x-6 gap-y-3 text-sm">
          <div>
            <dt className="text-muted-foreground">Category</dt>
            <dd className="font-medium">{playbook.category}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Level</dt>
            <dd className="font-medium">{playbook.level}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Time to complete</dt>
            <dd className="font-medium">{playbook.duration}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Price</dt>
            <dd className="font-medium">{price}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Updated</dt>
            <dd className="font-medium">{formatDate(playbook.updatedAt)}</dd>
          </div>
          {playbook.courseTitle ? (
            <div>
              <dt className="text-muted-foreground">Part of</dt>
              <dd className="font-medium">{playbook.courseTitle}</dd>
            </div>
          ) : null}
        </dl>
        <DialogFooter>
          <Button asChild variant="outline">
            <Link to="/pricing#membership">Get all playbooks with membership</Link>
          </Button>
          <Button asChild>
            <Link to={courseHref}>View course</Link>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
