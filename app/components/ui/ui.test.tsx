// @vitest-environment node
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";

import { Inbox } from "lucide-react";

import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "~/components/ui/accordion";
import { AlertDialog, AlertDialogTrigger } from "~/components/ui/alert-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { Dialog, DialogTrigger } from "~/components/ui/dialog";
import { EmptyState } from "~/components/ui/empty-state";
import { FormField } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Pagination, pageSlots } from "~/components/ui/pagination";
import { Progress } from "~/components/ui/progress";
import { NativeSelect, Select, SelectTrigger, SelectValue } from "~/components/ui/select";
import { Sheet, SheetTrigger } from "~/components/ui/sheet";
import { Skeleton } from "~/components/ui/skeleton";
import { Spinner } from "~/components/ui/spinner";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { Textarea } from "~/components/ui/textarea";
import { toastApiReady, toasterWanted } from "~/components/ui/toast-queue";
import { Toaster, toastError, toastSuccess } from "~/components/ui/toaster";

function parse(html: string) {
  // Minimal attribute reader, enough for the flat markup these tests look at.
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
  const tags = (name: string): string[] => html.match(new RegExp(`<${name}\\b[^>]*>`, "g")) ?? [];
  return { attr, tags };
}

function renderInRouter(node: React.ReactNode) {
  return renderToString(<MemoryRouter>{node}</MemoryRouter>);
}

describe("Button", () => {
  it("applies the variant and size classes", () => {
    const html = renderToString(
      <Button variant="destructive" size="sm">
        Delete
      </Button>,
    );
    const [button] = parse(html).tags("button");
    expect(button).toContain("bg-destructive");
    expect(button).toContain("text-destructive-foreground");
    expect(button).toContain("h-8");
    expect(button).toContain('data-variant="destructive"');
    expect(html).toContain("Delete");
  });

  it("uses semantic tokens for every variant", () => {
    const variants = ["default", "secondary", "outline", "ghost", "destructive", "link", "warm"] as const;
    for (const variant of variants) {
      const classes = buttonVariants({ variant });
      expect(classes).toContain("focus-visible:ring-ring");
      expect(classes).not.toMatch(/\b(bg|text|border)-(slate|gray|indigo|red|green|amber|black|white)\b/);
    }
    expect(buttonVariants({ variant: "warm" })).toContain("bg-warm text-warm-foreground");
  });

  it("is enabled and not busy by default", () => {
    const [button] = parse(renderToString(<Button>Save</Button>)).tags("button");
    expect(button).not.toMatch(/\sdisabled=/);
    expect(button).not.toMatch(/\saria-busy=/);
  });

  it("disables itself, sets aria-busy and shows a spinner while loading", () => {
    const html = renderToString(<Button loading>Save</Button>);
    const { tags, attr } = parse(html);
    const [button] = tags("button");
    expect(button).toMatch(/\sdisabled=""/);
    expect(attr(button, "aria-busy")).toBe("true");
    expect(html).toContain('data-slot="spinner"');
    expect(html).toContain("animate-spin");
    expect(html).toContain("Save");
  });

  it("renders its child when asChild, marking it aria-disabled while loading", () => {
    const html = renderToString(
      <Button asChild loading variant="outline">
        <a href="/courses">Courses</a>
      </Button>,
    );
    const [anchor] = parse(html).tags("a");
    expect(html).not.toContain("<button");
    expect(anchor).toContain('href="/courses"');
    expect(anchor).toContain('aria-disabled="true"');
    expect(anchor).toContain('aria-busy="true"');
    expect(anchor).toContain("border-input");
    expect(html).toMatch(/<a [^>]*>.*spinner.*Courses<\/a>/);
  });
});

describe("Badge", () => {
  it("renders the gold admin variant with gold text on a soft gold background and border", () => {
    const [badge] = parse(renderToString(<Badge variant="gold">Admin</Badge>)).tags("span");
    expect(badge).toContain("text-gold");
    expect(badge).toContain("bg-gold-soft");
    expect(badge).toContain("border-gold/30");
    expect(badge).toContain('data-variant="gold"');
  });

  it("lets className extend the variant classes", () => {
    const [badge] = parse(
      renderToString(
        <Badge variant="success" className="ml-2">
          Paid
        </Badge>,
      ),
    ).tags("span");
    expect(badge).toContain("bg-success");
    expect(badge).toContain("ml-2");
  });
});

describe("Pagination", () => {
  const hrefFor = (page: number) => `/courses?page=${page}`;

  it("renders nothing for a single page", () => {
    expect(renderInRouter(<Pagination page={1} pageCount={1} hrefFor={hrefFor} />)).toBe("");
    expect(renderInRouter(<Pagination page={1} pageCount={0} hrefFor={hrefFor} />)).toBe("");
  });

  it("renders real links, marks the current page and collapses gaps into ellipses", () => {
    const html = renderInRouter(<Pagination page={5} pageCount={10} hrefFor={hrefFor} />);
    const { tags, attr } = parse(html);
    const [nav] = tags("nav");
    expect(attr(nav, "aria-label")).toBe("Pagination");

    const hrefs = tags("a")
      .map((a) => attr(a, "href"))
      .filter(Boolean);
    expect(hrefs).toEqual([
      "/courses?page=4", // previous
      "/courses?page=1",
      "/courses?page=4",
      "/courses?page=5",
      "/courses?page=6",
      "/courses?page=10",
      "/courses?page=6", // next
    ]);

    const current = tags("a").filter((a) => attr(a, "aria-current") === "page");
    expect(current).toHaveLength(1);
    expect(attr(current[0], "href")).toBe("/courses?page=5");

    expect(html.match(/data-slot="pagination-ellipsis"/g)).toHaveLength(2);
    expect(html).toContain("More pages");
    expect(html).toContain('rel="prev"');
    expect(html).toContain('rel="next"');
  });

  it("disables previous on the first page and next on the last", () => {
    const first = renderInRouter(<Pagination page={1} pageCount={3} hrefFor={hrefFor} />);
    const firstPrevious = parse(first)
      .tags("a")
      .find((a) => a.includes("pagination-previous"))!;
    expect(firstPrevious).toContain('aria-disabled="true"');
    expect(firstPrevious).not.toContain("href=");
    expect(first).not.toContain("pagination-ellipsis");

    const last = renderInRouter(<Pagination page={3} pageCount={3} hrefFor={hrefFor} />);
    const lastNext = parse(last)
      .tags("a")
      .find((a) => a.includes("pagination-next"))!;
    expect(lastNext).toContain('aria-disabled="true"');
    expect(lastNext).not.toContain("href=");
  });

  it("shows a lone hidden page instead of an ellipsis", () => {
    expect(pageSlots(1, 10)).toEqual([1, 2, "ellipsis-end", 10]);
    expect(pageSlots(4, 10)).toEqual([1, 2, 3, 4, 5, "ellipsis-end", 10]);
    expect(pageSlots(7, 10)).toEqual([1, "ellipsis-start", 6, 7, 8, 9, 10]);
    expect(pageSlots(1, 4)).toEqual([1, 2, 3, 4]);
  });
});

describe("FormField", () => {
  it("links the label, hint and error to the control and marks it invalid", () => {
    const html = renderToString(
      <FormField label="Email" name="email" hint="We never share it." error="Enter a valid email.">
        <Input type="email" />
      </FormField>,
    );
    const { tags, attr } = parse(html);
    const [input] = tags("input");
    const [label] = tags("label");
    const id = attr(input, "id")!;
    expect(id).toBeTruthy();
    expect(attr(label, "for")).toBe(id);
    expect(attr(input, "name")).toBe("email");
    expect(attr(input, "aria-invalid")).toBe("true");
    expect(attr(input, "aria-describedby")).toBe(`${id}-hint ${id}-error`);

    const error = tags("p").find((p) => attr(p, "id") === `${id}-error`)!;
    expect(error).toContain("text-destructive");
    expect(error).not.toContain("role=");
    expect(html).toContain("Enter a valid email.");
    expect(html).toContain(`id="${id}-hint"`);
  });

  it("leaves a valid control unmarked and supports a render function and explicit id", () => {
    const html = renderToString(
      <FormField label="Title" id="course-title">
        {(control) => <Input {...control} name="title" />}
      </FormField>,
    );
    const { tags, attr } = parse(html);
    const [input] = tags("input");
    expect(attr(input, "id")).toBe("course-title");
    expect(attr(tags("label")[0], "for")).toBe("course-title");
    expect(input).not.toMatch(/\saria-invalid=/);
    expect(input).not.toMatch(/\saria-describedby=/);
    expect(html).not.toContain("course-title-error");
  });

  it("renders every message of an error list", () => {
    const html = renderToString(
      <FormField label="Password" error={["Too short.", "Needs a number."]}>
        <Input type="password" />
      </FormField>,
    );
    const [input] = parse(html).tags("input");
    expect(input).toContain('aria-invalid="true"');
    expect(html).toContain("Too short.");
    expect(html).toContain("Needs a number.");
  });
});

describe("server rendering", () => {
  it("renders every primitive without a DOM", () => {
    const html = renderToString(
      <>
        <Label htmlFor="bio">Bio</Label>
        <Textarea id="bio" />
        <Checkbox aria-label="Published" defaultChecked />
        <NativeSelect name="status" defaultValue="draft">
          <option value="draft">Draft</option>
          <option value="published">Published</option>
        </NativeSelect>
        <Select name="level">
          <SelectTrigger aria-label="Level">
            <SelectValue placeholder="Choose a level" />
          </SelectTrigger>
        </Select>
        <Card>
          <CardHeader>
            <CardTitle asChild>
              <h2>Course</h2>
            </CardTitle>
            <CardDescription>About it</CardDescription>
          </CardHeader>
          <CardContent>Body</CardContent>
          <CardFooter>Footer</CardFooter>
        </Card>
        <Dialog>
          <DialogTrigger>Open dialog</DialogTrigger>
        </Dialog>
        <AlertDialog>
          <AlertDialogTrigger>Delete</AlertDialogTrigger>
        </AlertDialog>
        <Sheet>
          <SheetTrigger>Menu</SheetTrigger>
        </Sheet>
        <Tabs defaultValue="a">
          <TabsList>
            <TabsTrigger value="a">A</TabsTrigger>
            <TabsTrigger value="b">B</TabsTrigger>
          </TabsList>
          <TabsContent value="a">Panel A</TabsContent>
        </Tabs>
        <Accordion>
          <AccordionItem value="q1">
            <AccordionTrigger>Is there a refund?</AccordionTrigger>
            <AccordionContent>Within 30 days.</AccordionContent>
          </AccordionItem>
        </Accordion>
        <Progress label="Upload progress" value={40} showValue />
        <Skeleton className="h-4 w-20" />
        <Spinner />
        <Table>
          <TableCaption>Orders</TableCaption>
          <TableHeader>
            <TableRow>
              <TableHead>Id</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableCell>1</TableCell>
            </TableRow>
          </TableBody>
        </Table>
        <EmptyState icon={<Inbox />} title="No orders yet" description="Orders appear here." />
        <Toaster />
      </>,
    );
    expect(html).toContain('role="progressbar"');
    expect(html).toMatch(/aria-label="Upload progress"/);
    expect(html).toMatch(/aria-valuenow="40"/);
    expect(html).toContain("40%");
    // Closed FAQ answers stay in the HTML, hidden.
    expect(html).toMatch(
      /<div [^>]*data-slot="accordion-content" data-state="closed"[^>]*data-\[state=closed\]:hidden[^>]*>.*Within 30 days\./,
    );
    expect(html).toContain('role="status"');
    expect(html).toContain('data-slot="table-container"');
    expect(html).toMatch(/<h2[^>]*data-slot="card-title"|<h2[^>]*>Course<\/h2>/);
    expect(html).toContain('data-slot="skeleton" aria-hidden="true"');
  });
});

describe("toast helpers", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("asks for sonner with the first toast, shows what waited once it listens, then admin errors titled exactly 'Error' and successes with an optional description", () => {
    const error = vi.spyOn(toast, "error").mockReturnValue(1);
    const success = vi.spyOn(toast, "success").mockReturnValue(1);
    const heard = vi.fn();
    const { wanted, stop } = toasterWanted(heard);
    expect(wanted).toBe(false);
    toastError("This slug is already taken.");
    expect(heard).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    stop();

    toastApiReady(toast);
    expect(error).toHaveBeenCalledWith("Error", { description: "This slug is already taken." });
    toastSuccess("Course saved");
    toastSuccess("Course saved", "It is now live.");
    expect(success).toHaveBeenNthCalledWith(1, "Course saved", undefined);
    expect(success).toHaveBeenNthCalledWith(2, "Course saved", { description: "It is now live." });
  });
});
