import { Form } from "react-router";
import { Button } from "~/components/ui/button";

export type OAuthProviders = { google: boolean; github: boolean };

const LABELS = { google: "Continue with Google", github: "Continue with GitHub" } as const;

/**
 * Sign-in buttons for the OAuth providers that are configured (client id and secret set);
 * nothing at all when none is. Each posts to the page's action, which redirects to the provider.
 */
export function AuthOAuthButtons({ providers, next }: { providers: OAuthProviders; next: string }) {
  const enabled = (Object.keys(LABELS) as Array<keyof typeof LABELS>).filter((provider) => providers[provider]);
  if (enabled.length === 0) return null;
  return (
    <div className="grid gap-3">
      <div className="flex items-center gap-3 text-xs uppercase tracking-wide text-muted-foreground">
        <span className="h-px flex-1 bg-border" />
        or
        <span className="h-px flex-1 bg-border" />
      </div>
      {enabled.map((provider) => (
        <Form key={provider} method="post" reloadDocument>
          <input type="hidden" name="intent" value="oauth" />
          <input type="hidden" name="provider" value={provider} />
          <input type="hidden" name="next" value={next} />
          <Button type="submit" variant="outline" className="w-full">
            {LABELS[provider]}
          </Button>
        </Form>
      ))}
    </div>
  );
}
