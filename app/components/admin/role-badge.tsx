import { Badge } from "~/components/ui/badge";
import { ROLE_LABELS, type Role } from "~/lib/domain-values";
import { isAdminRole } from "~/lib/roles";

/** A person's role; admin and super admin get the highlighted badge (§6). */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  return (
    <Badge variant={isAdminRole(role) ? "gold" : "secondary"} className={className}>
      {ROLE_LABELS[role]}
    </Badge>
  );
}
