import { describe, expect, it } from "vitest";
import { unique, useTestDatabase } from "../../../tests/support/test-database";
import { navigationLinks, socialLinks } from "~/server/db/schema";
import { applyMove } from "~/routes/admin/navigation-form";
import { createPage, deletePage, publishPage } from "./pages.server";
import {
  listSocialLinks,
  NavigationError,
  readNavigation,
  readPublicNavigation,
  saveNavigationArea,
  saveSocialLinks,
} from "./navigation.server";

const database = useTestDatabase();

describe("navigation", () => {
  it("starts with the site's links, and keeps the owner's order, labels and hidden links once saved", async () => {
    await database().db.delete(navigationLinks);
    const before = await readPublicNavigation();
    expect(before.header.map((link) => link.to)).toEqual(["/playbooks", "/blog", "/testimonials", "/pricing", "/about"]);
    expect(before.footer_legal.map((link) => link.label)).toEqual(["Privacy Policy", "Terms of Service", "Refund Policy"]);

    const items = (await readNavigation()).header.map(({ key, label, hidden }) => ({ key, label, hidden }));
    // "About" up one place (as the Move up button does), "Blog" renamed, "Testimonials" hidden.
    const moved = applyMove(items, "4:up").map((item) =>
      item.key === "path:/blog" ? { ...item, label: "Journal" } : item.key === "path:/testimonials" ? { ...item, hidden: true } : item,
    );
    await saveNavigationArea({ area: "header", items: moved });
    const after = await readPublicNavigation();
    expect(after.header.map((link) => `${link.to} ${link.label}`)).toEqual([
      "/playbooks Playbooks",
      "/blog Journal",
      "/about About",
      "/pricing Pricing",
    ]);
    // The other lists are untouched.
    expect(after.footer_learn).toEqual(before.footer_learn);
    // The editor still lists the hidden link, so it can be shown again.
    expect((await readNavigation()).header.find((item) => item.key === "path:/testimonials")?.hidden).toBe(true);
  });

  it("adds a published page flagged for the header at the end, and lets the owner place and rename it", async () => {
    await database().db.delete(navigationLinks);
    const slug = `our-story-${unique()}`;
    const page = await createPage({ slug, title: "Our story", description: "", inHeader: true, inFooter: false });
    expect((await readPublicNavigation()).header.map((link) => link.to)).not.toContain(`/p/${slug}`);
    await publishPage({ pageId: page.id });
    let header = (await readPublicNavigation()).header;
    expect(header.at(-1)).toEqual({ to: `/p/${slug}`, label: "Our story" });

    const items = (await readNavigation()).header.map(({ key, label, hidden }) => ({ key, label, hidden }));
    const pageItem = items.find((item) => item.key === `page:${page.id}`)!;
    await saveNavigationArea({ area: "header", items: [{ ...pageItem, label: "Story" }, ...items.filter((item) => item !== pageItem)] });
    header = (await readPublicNavigation()).header;
    expect(header[0]).toEqual({ to: `/p/${slug}`, label: "Story" });

    await deletePage({ id: page.id });
    expect((await readPublicNavigation()).header.map((link) => link.to)).not.toContain(`/p/${slug}`);
  });

  it("refuses a link the list does not offer, saving nothing", async () => {
    await database().db.delete(navigationLinks);
    await expect(
      saveNavigationArea({ area: "footer_legal", items: [{ key: "path:javascript:alert(1)", label: "Click", hidden: false }] }),
    ).rejects.toBeInstanceOf(NavigationError);
    expect(await database().db.select().from(navigationLinks)).toEqual([]);
  });

  it("keeps social links that are https on the network's site, and refuses javascript: and other hosts with the reason", async () => {
    await database().db.delete(socialLinks);
    const refused = await saveSocialLinks({
      links: { x: "javascript:alert(1)", youtube: "http://youtube.com/@school", instagram: "https://evil.example/instagram.com" },
    });
    expect(refused.problems).toEqual({
      x: "A social link must be an https:// address",
      youtube: "A social link must be an https:// address",
      instagram: "This is not an address on Instagram",
    });
    expect(await listSocialLinks()).toEqual([]);

    expect(
      (await saveSocialLinks({ links: { youtube: "https://www.youtube.com/@school", x: "https://x.com/school" } })).problems,
    ).toBeNull();
    expect(await listSocialLinks()).toEqual([
      { network: "x", label: "X", url: "https://x.com/school" },
      { network: "youtube", label: "YouTube", url: "https://www.youtube.com/@school" },
    ]);
    // Emptying a network removes it.
    await saveSocialLinks({ links: { x: "https://x.com/school" } });
    expect((await listSocialLinks()).map((link) => link.network)).toEqual(["x"]);
  });
});
