import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "~/components/ui/card";
import { useAnswerToast } from "~/components/use-toast-once";

/** The account page's switch for discussion mail (issue 42); it posts to /account/notifications. */
export function DiscussionMailSetting({ enabled }: { enabled: boolean }) {
  const fetcher = useFetcher();
  useAnswerToast(fetcher.data);
  const pending = fetcher.formData ? fetcher.formData.get("enabled") === "true" : enabled;
  return (
    <Card id="discussion-mail">
      <CardHeader>
        <CardTitle asChild>
          <h2>Discussion e-mails</h2>
        </CardTitle>
        <CardDescription>
          {pending
            ? "You get at most one e-mail an hour listing new replies to your questions and in threads you follow."
            : "You get no e-mail about discussions. The bell on the site still shows what is new."}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <fetcher.Form method="post" action="/account/notifications">
          <input type="hidden" name="intent" value="discussion-mail" />
          <Button type="submit" name="enabled" value={pending ? "false" : "true"} variant="outline" loading={fetcher.state !== "idle"}>
            {pending ? "Turn off discussion e-mails" : "Turn on discussion e-mails"}
          </Button>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
