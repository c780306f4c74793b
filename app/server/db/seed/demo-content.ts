/**
 * Demo content for Launchpad Academy, a fictional online school.
 *
 * Pure data: the seed (seed.server.ts) writes it into an empty database. Every person, course,
 * post, playbook and testimonial here is invented for this project; all text is original.
 */

import type { LessonType, Level, PlaybookCategory, PostCategory, TestimonialSource, Topic, VideoProvider } from "~/lib/domain-values";

/** A demo account. `key` is stable and is used for review authorship and avatar file names. */
export type DemoPerson = {
  key: string;
  name: string;
  email: string;
  headline: string;
  bio: string;
  /** YYYY-MM-DD */
  joinedAt: string;
};

export type DemoLesson = {
  title: string;
  slug: string;
  type: LessonType;
  summary: string;
  /** Article lessons: the full markdown lesson. Video lessons: short notes shown under the player. */
  contentMd: string;
  /** null for articles */
  videoProvider: Exclude<VideoProvider, "upload"> | null;
  /** Made-up YouTube embed URLs for demo videos; null for articles. */
  videoUrl: string | null;
  /** Video length, or reading time for articles. */
  durationSeconds: number;
  isPreview: boolean;
};

export type DemoModule = { title: string; description: string; lessons: DemoLesson[] };

export type DemoReview = {
  /** A DemoPerson key from DEMO_LEARNERS, enrolled in the course. */
  learner: string;
  rating: 1 | 2 | 3 | 4 | 5;
  comment: string;
  /** YYYY-MM-DD */
  date: string;
};

export type DemoCourse = {
  slug: string;
  title: string;
  /** One or two sentences, used as the card blurb and the short description. */
  subtitle: string;
  longDescriptionMd: string;
  priceCents: number;
  level: Level;
  topics: Topic[];
  track: string;
  outcomes: string[];
  isFeatured: boolean;
  /** YYYY-MM-DD */
  publishedAt: string;
  /** The first N of DEMO_LEARNERS are enrolled in this course. */
  enrolledLearners: number;
  modules: DemoModule[];
  reviews: DemoReview[];
};

export type DemoPost = {
  slug: string;
  title: string;
  /** 140-200 characters */
  excerpt: string;
  category: PostCategory;
  tags: string[];
  contentMd: string;
  /** YYYY-MM-DD */
  publishedAt: string;
  viewCount: number;
};

export type DemoPlaybook = {
  slug: string;
  title: string;
  category: PlaybookCategory;
  duration: string;
  level: Level;
  description: string;
  /** null = "Included in membership" */
  priceCents: number | null;
  /** The DEMO_COURSES course this playbook belongs with; its card links there. */
  courseSlug: string;
  popularity: number;
  /** YYYY-MM-DD */
  updatedAt: string;
};

export type DemoTestimonial = {
  name: string;
  role: string;
  rating: 1 | 2 | 3 | 4 | 5;
  quote: string;
  category: PlaybookCategory;
  source: TestimonialSource;
  /** YYYY-MM-DD */
  date: string;
};

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

export const DEMO_INSTRUCTOR: DemoPerson = {
  key: "maya-chen",
  name: "Maya Chen",
  email: "maya@launchpad.example",
  headline: "Founder of Launchpad Academy · Shopify store owner since 2013",
  bio: "Maya opened her first Shopify store in 2013, selling hand-dyed linen napkins from a spare bedroom. Over the next decade she grew and sold two stores, ran a small fulfillment service for other brands, and automated the boring parts of the business long before it was fashionable. She started Launchpad Academy to teach what she wished someone had taught her: build simply, measure honestly and ship every week.",
  joinedAt: "2023-11-06",
};

/** Ordered by join date: courses enroll the first N of this list. */
export const DEMO_LEARNERS: DemoPerson[] = [
  {
    key: "priya-nair",
    name: "Priya Nair",
    email: "priya.nair@example.com",
    headline: "Owner of a small-batch candle shop",
    bio: "Priya pours soy candles for people who work from home and sells them through her own Shopify store and two local boutiques.",
    joinedAt: "2024-01-08",
  },
  {
    key: "marcus-oyelaran",
    name: "Marcus Oyelaran",
    email: "marcus.oyelaran@example.com",
    headline: "Print-on-demand apparel founder",
    bio: "Marcus designs streetwear graphics and sells them print-on-demand. He is slowly moving his best sellers to his own inventory.",
    joinedAt: "2024-02-19",
  },
  {
    key: "sofia-alvarez",
    name: "Sofia Álvarez",
    email: "sofia.alvarez@example.com",
    headline: "Freelance e-commerce copywriter",
    bio: "Sofia writes product pages and email campaigns for independent brands and uses AI to handle first drafts.",
    joinedAt: "2024-03-04",
  },
  {
    key: "daniel-kowalski",
    name: "Daniel Kowalski",
    email: "daniel.kowalski@example.com",
    headline: "Operations manager at a supplement brand",
    bio: "Daniel keeps orders, stock and suppliers in sync for a fast-growing supplement brand with a team of six.",
    joinedAt: "2024-04-22",
  },
  {
    key: "aiko-tanaka",
    name: "Aiko Tanaka",
    email: "aiko.tanaka@example.com",
    headline: "Ceramics studio owner",
    bio: "Aiko throws tableware in a shared studio and sells limited drops online twice a month.",
    joinedAt: "2024-05-30",
  },
  {
    key: "jamal-price",
    name: "Jamal Price",
    email: "jamal.price@example.com",
    headline: "Automation consultant for online stores",
    bio: "Jamal runs a two-person agency that builds workflows, portals and AI assistants for Shopify merchants.",
    joinedAt: "2024-07-11",
  },
  {
    key: "hannah-berg",
    name: "Hannah Berg",
    email: "hannah.berg@example.com",
    headline: "Founder of a pet accessories store",
    bio: "Hannah launched her store for dog walkers in 2024 after years of sewing leads and treat pouches for friends.",
    joinedAt: "2024-08-26",
  },
  {
    key: "luis-fernandes",
    name: "Luís Fernandes",
    email: "luis.fernandes@example.com",
    headline: "Coffee roaster with a subscription business",
    bio: "Luís roasts specialty coffee in small batches and ships subscriptions and wholesale orders to cafés.",
    joinedAt: "2024-10-03",
  },
  {
    key: "grace-okafor",
    name: "Grace Okafor",
    email: "grace.okafor@example.com",
    headline: "Virtual assistant for e-commerce teams",
    bio: "Grace manages support inboxes and order admin for three online stores across two time zones.",
    joinedAt: "2024-11-14",
  },
  {
    key: "tom-whitaker",
    name: "Tom Whitaker",
    email: "tom.whitaker@example.com",
    headline: "Retired teacher selling vintage maps",
    bio: "Tom spent thirty years teaching geography and now sells restored antique maps to collectors around the world.",
    joinedAt: "2025-01-06",
  },
  {
    key: "mei-lin-wong",
    name: "Mei Lin Wong",
    email: "meilin.wong@example.com",
    headline: "Co-founder of a skincare brand",
    bio: "Mei Lin handles marketing for a fragrance-free skincare line she started with her sister.",
    joinedAt: "2025-02-17",
  },
  {
    key: "ravi-shah",
    name: "Ravi Shah",
    email: "ravi.shah@example.com",
    headline: "Developer turned solo founder",
    bio: "Ravi left a software job to run a niche store for board game accessories and builds his own tools on the side.",
    joinedAt: "2025-03-28",
  },
  {
    key: "emma-lindqvist",
    name: "Emma Lindqvist",
    email: "emma.lindqvist@example.com",
    headline: "Children's clothing brand owner",
    bio: "Emma sells durable, Nordic-made kids' clothing and ships across Europe from a small warehouse.",
    joinedAt: "2025-05-09",
  },
  {
    key: "kwame-mensah",
    name: "Kwame Mensah",
    email: "kwame.mensah@example.com",
    headline: "From dropshipping to private label",
    bio: "Kwame built his first store on dropshipping and is now launching his own private-label kitchen tools.",
    joinedAt: "2025-06-20",
  },
  {
    key: "olivia-grant",
    name: "Olivia Grant",
    email: "olivia.grant@example.com",
    headline: "Fitness coach selling digital programs",
    bio: "Olivia sells training plans and a small range of resistance bands to a community she built on social media.",
    joinedAt: "2025-08-01",
  },
  {
    key: "noah-fischer",
    name: "Noah Fischer",
    email: "noah.fischer@example.com",
    headline: "Marketing student launching a first store",
    bio: "Noah is studying marketing and testing what he learns on a store selling desk accessories.",
    joinedAt: "2025-09-15",
  },
  {
    key: "isabela-costa",
    name: "Isabela Costa",
    email: "isabela.costa@example.com",
    headline: "Jewellery designer",
    bio: "Isabela designs recycled-silver jewellery and sells online and at weekend markets.",
    joinedAt: "2025-10-27",
  },
  {
    key: "ben-carter",
    name: "Ben Carter",
    email: "ben.carter@example.com",
    headline: "Outdoor gear store, three-person team",
    bio: "Ben runs a camping and hiking gear store with two friends and looks after marketing and the website.",
    joinedAt: "2025-12-08",
  },
  {
    key: "fatima-haddad",
    name: "Fatima Haddad",
    email: "fatima.haddad@example.com",
    headline: "Modest fashion boutique owner",
    bio: "Fatima moved her boutique online in 2025 and now ships modest fashion to customers in eleven countries.",
    joinedAt: "2026-01-19",
  },
  {
    key: "liam-obrien",
    name: "Liam O'Brien",
    email: "liam.obrien@example.com",
    headline: "Bookkeeper for small online businesses",
    bio: "Liam keeps the books for a dozen e-commerce clients and automates as much of the monthly routine as he can.",
    joinedAt: "2026-03-02",
  },
  {
    key: "chloe-dubois",
    name: "Chloé Dubois",
    email: "chloe.dubois@example.com",
    headline: "Stationery shop owner, Etsy to Shopify",
    bio: "Chloé illustrates notebooks and planners and moved her shop from Etsy to her own Shopify store this year.",
    joinedAt: "2026-04-13",
  },
  {
    key: "arjun-mehta",
    name: "Arjun Mehta",
    email: "arjun.mehta@example.com",
    headline: "Product manager with side projects",
    bio: "Arjun works in product at a logistics company and builds small web apps in the evenings.",
    joinedAt: "2026-05-25",
  },
  {
    key: "zoe-papadopoulos",
    name: "Zoe Papadopoulos",
    email: "zoe.papadopoulos@example.com",
    headline: "Olive oil importer",
    bio: "Zoe imports olive oil from her family's region in Greece and sells it direct to home cooks and restaurants.",
    joinedAt: "2026-07-06",
  },
  {
    key: "sam-rivera",
    name: "Sam Rivera",
    email: "sam.rivera@example.com",
    headline: "Customer support lead",
    bio: "Sam leads a small support team at a home goods brand and is exploring AI assistants for common questions.",
    joinedAt: "2026-08-17",
  },
];

// ---------------------------------------------------------------------------------------------
// Courses
// ---------------------------------------------------------------------------------------------

export const DEMO_COURSES: DemoCourse[] = [
  // ----- Shopify 101 -------------------------------------------------------------------------
  {
    slug: "shopify-101",
    title: "Shopify 101: Launch Your First Store",
    subtitle: "Go from a blank Shopify account to a live, trustworthy store in four focused modules, with a checklist for every step.",
    longDescriptionMd: `**Shopify 101** is the course Maya wishes she'd had when she opened her first store in 2013. It takes you from a blank Shopify account to a live store that looks trustworthy, takes payments correctly and is ready for its first customers.

The course is built around four modules, and each one ends with something finished: a validated product idea, a working store, product pages that answer buyer questions, and a launch plan for your first two weeks. No theory for its own sake, and no list of "apps you must install".

What's included:

- 12 lessons: screen-share walkthroughs plus short reading lessons you can keep open while you work
- Niche scorecard, pricing worksheet and pre-launch checklist
- Copy-along setup of every Shopify setting that matters on day one
- Lifetime access, including future updates as Shopify changes`,
    priceCents: 19700,
    level: "Beginner",
    topics: ["Shopify"],
    track: "Shopify Track",
    outcomes: [
      "Pick a niche and a first product range you can source, ship and sell at a profit",
      "Set up a Shopify store with a clean theme, simple navigation and the pages buyers look for",
      "Write product pages that answer buyer questions before they ask them",
      "Configure payments, taxes and shipping rates so checkout has no surprises",
      "Launch with a 14-day plan aimed at your first ten orders",
    ],
    isFeatured: true,
    publishedAt: "2024-02-12",
    enrolledLearners: 24,
    modules: [
      {
        title: "Foundations: Plan Before You Build",
        description: "Choose a niche you can serve and check that people want it before you spend a dollar on the store.",
        lessons: [
          {
            title: "Welcome: How This Course Works",
            slug: "welcome-and-roadmap",
            type: "video",
            summary: "A tour of the four modules, what you'll finish in each, and how to get set up to follow along.",
            contentMd: `Maya walks through the four modules and what you'll have finished at the end of each one: a validated product idea, a working store, product pages you're proud of, and a launch plan.

**Before the next lesson:**

- Start a Shopify trial so you can follow along
- Create a folder called "Store Launch" for your notes and worksheets
- Write one sentence describing who you want to sell to

Plan on about three hours a week. Most students open their store within 30 days.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/kX3vQ9tLm2A",
            durationSeconds: 420,
            isPreview: true,
          },
          {
            title: "Choosing a Niche You Can Actually Serve",
            slug: "choose-a-niche-you-can-serve",
            type: "article",
            summary: "A three-question filter for turning a product idea into a niche with a clear buyer.",
            contentMd: `A niche is not a product category. "Candles" is a category. "Long-burning soy candles for people who work from home" is a niche: it names a buyer, a situation and a reason to choose you.

## The three-question filter

Before you fall in love with an idea, run it through three questions:

1. **Can you describe the buyer in one sentence?** If you can't picture them, you can't write to them.
2. **Can you source, store and ship it at a profit?** Heavy, fragile or oversized items eat margin fast. Aim for a landed cost below 35% of your selling price.
3. **Would you still care about it in two years?** You'll write hundreds of emails and answer hundreds of questions about this product. Boredom closes more stores than competition does.

## Narrow is a feature

New store owners worry that a narrow niche limits sales. In practice, the opposite happens. A focused store is easier to describe, easier to advertise and easier to recommend. You can widen later, once customers start telling you what else they want from you.

## Your exercise

Write down three niche ideas. For each one, answer the three questions above in a sentence or two, then score it from 1 to 5 on each question. Keep the highest scorer and bring it to the next lesson, where you'll test whether anyone actually wants it.

If two ideas tie, pick the one you could ship from home next week. Speed of learning beats the perfect idea.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 480,
            isPreview: false,
          },
          {
            title: "Validating Demand in a Weekend",
            slug: "validate-demand-in-a-weekend",
            type: "video",
            summary: "A no-budget weekend test that tells you whether your niche idea is worth building a store for.",
            contentMd: `A practical weekend test for your niche idea, with no ad budget required.

- Search your product on marketplaces and Google Shopping and note price ranges and review counts
- Read competitors' three-star reviews: they tell you what buyers wish existed
- Post a photo and a price in two communities where your buyer spends time, and count the replies
- Set up a one-page waitlist and aim for 25 sign-ups

If you reach 25 sign-ups, or three people ask "where can I buy this?", move on to building.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/pR7wN4cYb8E",
            durationSeconds: 780,
            isPreview: false,
          },
        ],
      },
      {
        title: "Build Your Store",
        description: "Set up the account, theme, navigation and essential pages so the store looks and feels trustworthy.",
        lessons: [
          {
            title: "Account, Plan and Store Settings",
            slug: "account-and-plan-setup",
            type: "video",
            summary: "The Shopify admin settings that matter on day one, and the ones you can safely ignore for now.",
            contentMd: `A screen-share walkthrough of the Shopify admin settings that matter on day one.

- Choosing a plan, and why the entry plan is enough until you have steady monthly sales
- Store details, sender email and a professional store name
- Staff accounts instead of sharing your password
- Store currency, units and order number format
- Turning on two-step authentication

Maya also shows which settings you can leave alone until after launch, so you don't lose a week to options that don't matter yet.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/hT2mZ6qJs5K",
            durationSeconds: 600,
            isPreview: false,
          },
          {
            title: "Choosing and Customizing a Theme",
            slug: "choose-and-customize-a-theme",
            type: "video",
            summary: "Pick a free theme, apply your brand and build a five-section homepage that works on a phone.",
            contentMd: `Why a free theme is the right choice for most first stores, and how to make it look like yours.

- Minimal free themes versus feature-heavy paid themes
- Setting brand colours, fonts and a logo that still reads at small sizes
- A homepage with only five sections: hero, featured collection, story, reviews, newsletter
- Checking everything on a phone first, because most of your visitors will be on one

Follow along in the theme editor and publish when your homepage passes the five-second test: a stranger can say what you sell and who it's for.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/vB9nL3xWd7R",
            durationSeconds: 1140,
            isPreview: false,
          },
          {
            title: "Navigation and the Pages Every Store Needs",
            slug: "navigation-and-essential-pages",
            type: "article",
            summary: "A short main menu, the six pages buyers look for, and how to write an About page people read.",
            contentMd: `Shoppers decide within seconds whether a store feels trustworthy. Clear navigation and a handful of well-written pages do most of that work.

## Keep the main menu short

Your header menu should have four to six items at most. A good starting point:

- Shop (or your main collection)
- Best Sellers
- About
- FAQ
- Contact

Everything else goes in the footer. If a visitor has to think about where to click, they usually leave instead.

## The pages every store needs

| Page | What it must answer |
|---|---|
| About | Who is behind this store, and why should I care? |
| FAQ | Shipping times, returns, sizing, care instructions |
| Contact | How do I reach a human, and how fast will they reply? |
| Shipping policy | What does delivery cost, and how long does it take? |
| Refund policy | What happens if something goes wrong? |
| Privacy policy | What do you do with my data? |

Shopify can generate starting templates for the legal policies in the admin under **Settings → Policies**. Use them as a base, then edit them so they match how you actually operate. A policy that promises 30-day returns when you really offer 14 days will cost you more than a missing policy.

## Write the About page like a letter

Skip "we are passionate about quality." Tell the story of why the store exists, in the first person, in three short paragraphs. Add one real photo of you or your workspace. After product pages, it's often the most visited page on a small store, and the one new owners neglect the most.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 420,
            isPreview: false,
          },
        ],
      },
      {
        title: "Products That Sell",
        description: "Photos, descriptions, collections and prices that turn visitors into buyers.",
        lessons: [
          {
            title: "Product Photos on a Budget",
            slug: "product-photos-on-a-budget",
            type: "video",
            summary: "Shoot clean, consistent product photos with a phone, a window and a sheet of foam board.",
            contentMd: `How to shoot clean, consistent product photos with a phone, a window and a sheet of foam board.

- Light: shoot beside a large window and switch off the room lights
- Background: white foam board for main images, a simple styled scene for one lifestyle shot
- Consistency: same angle, distance and crop for every product in a collection
- Editing: straighten, brighten and crop to a square in any free editor

Maya shares her five-shot list for every product: front, back, detail, scale (in a hand) and in use.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/gF4kS8pHc1M",
            durationSeconds: 960,
            isPreview: false,
          },
          {
            title: "Writing Product Descriptions That Answer Objections",
            slug: "write-product-descriptions",
            type: "article",
            summary: "A four-part structure for product descriptions that answer a hesitant buyer's questions.",
            contentMd: `Most product descriptions describe the product. Good ones answer the questions a shopper has right before they buy.

## Start with the objections

Before you write a word, list the five questions a hesitant buyer might ask. For a linen apron, that might be:

- Will it fit me?
- Does it wrinkle?
- Can I put it in the washing machine?
- Is it heavy enough to actually protect my clothes?
- How long does shipping take?

Every one of those questions needs an answer somewhere on the page.

## Use a simple structure

1. **One line that says who it's for and why it's better.** "A full-length linen apron for home cooks who are tired of flimsy cotton ones."
2. **Three to five benefits as bullets,** each starting with what the buyer gets, not what the product has.
3. **The details block:** dimensions, materials, care, what's in the box.
4. **Reassurance:** shipping time, returns, and a short review quote if you have one.

## Cut the filler

Words like "premium", "high-quality" and "perfect for any occasion" take up space without convincing anyone. Replace each one with a specific fact. Instead of "premium fabric", write "200 gsm stonewashed European linen." Specific beats impressive every time.

## Exercise

Rewrite the description of your best product using the four-part structure, then read it aloud. If any sentence could describe a competitor's product just as well, rewrite it until it couldn't.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 540,
            isPreview: false,
          },
          {
            title: "Collections, Variants and Pricing",
            slug: "collections-and-pricing",
            type: "video",
            summary: "Organise your catalogue so shoppers find things fast, and set prices that leave a real margin.",
            contentMd: `Organise your catalogue so shoppers find things fast, and price so every sale is worth making.

- Manual versus automated collections, and when tags are the better tool
- Setting up variants for size and colour without duplicating products
- Using compare-at prices honestly
- A starting pricing formula: landed cost × 2.5 as a floor, then a sense-check against competitors

Download the pricing worksheet from the resources tab and fill it in for your first five products before the next module.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/yD6rM2vQn9T",
            durationSeconds: 900,
            isPreview: false,
          },
        ],
      },
      {
        title: "Checkout, Shipping and Launch",
        description: "Get payments, taxes and shipping right, run the final checks, and open the doors.",
        lessons: [
          {
            title: "Payments, Taxes and Shipping Rates",
            slug: "payments-taxes-and-shipping",
            type: "video",
            summary: "The checkout settings that decide whether buying from you feels smooth or suspicious.",
            contentMd: `The settings that decide whether checkout feels smooth or suspicious.

- Activating Shopify Payments and adding PayPal and a wallet option
- Collecting tax correctly: registering where you need to and letting Shopify calculate rates
- Building three shipping rates: standard, express, and free over a threshold
- Placing a test order with a real card and refunding it

Maya explains why she never launches without placing a test order from a phone on mobile data.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/cW5jP7bXk3L",
            durationSeconds: 1320,
            isPreview: false,
          },
          {
            title: "The Pre-Launch Checklist",
            slug: "pre-launch-checklist",
            type: "article",
            summary: "Everything to check the week before you open, plus the ten-minute test that catches the rest.",
            contentMd: `Launch day is much calmer when you've already caught the small problems. Work through this list the week before you open.

## Store basics

- [ ] Favicon and logo uploaded
- [ ] Domain connected and set as primary
- [ ] Sender email verified, so order confirmations don't land in spam
- [ ] Password page removed only when you're ready to take orders

## Products

- [ ] Every product has at least four photos with the same crop
- [ ] Descriptions follow the four-part structure from Module 3
- [ ] Weights entered so shipping rates calculate correctly
- [ ] Inventory tracking on, with realistic stock counts

## Checkout

- [ ] A real test order placed and refunded
- [ ] Shipping rates checked for a nearby and a far-away address
- [ ] Taxes showing as expected
- [ ] Order confirmation email edited to sound like you

## Trust

- [ ] About, FAQ, Contact and policy pages live and linked in the footer
- [ ] Support email checked daily (set a reminder)
- [ ] At least one social profile with a few posts, so the store doesn't look abandoned

## The two-person test

Ask two friends who have never seen the store to buy something while you watch, without helping. Write down every moment they hesitate, squint or scroll back up. Each hesitation is a fix to make before launch. This ten-minute test catches more problems than any checklist, including this one.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 600,
            isPreview: false,
          },
          {
            title: "Your First Ten Orders: A 14-Day Launch Plan",
            slug: "your-first-ten-orders",
            type: "video",
            summary: "A day-by-day plan for the two weeks after launch, focused on real orders rather than perfect metrics.",
            contentMd: `A day-by-day plan for the two weeks after launch, focused on getting real orders, not perfect metrics.

- Days 1-3: personal outreach to your waitlist and your own network
- Days 4-7: one community post a day, plus a small launch offer with a clear end date
- Days 8-14: ask every buyer for a review and a photo, then add them to your product pages

Maya also covers what to do if nothing sells in the first week (it happens more often than people admit) and the single number to look at first.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/nQ8tH1fVz6S",
            durationSeconds: 1080,
            isPreview: false,
          },
        ],
      },
    ],
    reviews: [
      {
        learner: "priya-nair",
        rating: 5,
        comment:
          "I'd been putting off my candle store for two years. The niche exercise in module one made me cut my range from 40 scents to 8, and I launched three weeks later. First month: 31 orders.",
        date: "2024-03-02",
      },
      {
        learner: "hannah-berg",
        rating: 5,
        comment:
          "Clear, no fluff, and the pre-launch checklist alone saved me from opening with broken shipping rates. The two-person test is genius.",
        date: "2024-10-14",
      },
      {
        learner: "tom-whitaker",
        rating: 4,
        comment:
          "Very thorough for a complete beginner like me. I'd have liked a little more on selling internationally, but everything that's covered is explained patiently, and it worked.",
        date: "2025-03-11",
      },
      {
        learner: "fatima-haddad",
        rating: 5,
        comment:
          "The product description lesson changed how I write everything. My conversion rate went from 0.8% to 2.1% after I rewrote twelve product pages.",
        date: "2026-03-01",
      },
      {
        learner: "chloe-dubois",
        rating: 5,
        comment:
          "Moving from Etsy felt intimidating. Maya's walkthroughs are calm and practical, and I finally understand collections and variants.",
        date: "2026-06-20",
      },
    ],
  },

  // ----- ChatGPT for Store Owners ------------------------------------------------------------
  {
    slug: "chatgpt-for-store-owners",
    title: "ChatGPT for Store Owners",
    subtitle: "Use ChatGPT to write product copy, answer customers and plan campaigns in your brand voice, without sounding like a robot.",
    longDescriptionMd: `Running a store means writing all day: product pages, support replies, emails, ads and social posts. **ChatGPT for Store Owners** shows you how to hand the first draft of all of it to AI while keeping the final say, and the voice, firmly yours.

You'll build a brand voice brief that makes every answer sound like your store, then put it to work on product copy, customer service and campaign planning. Every lesson ends with a prompt you can drop into your own workflow the same afternoon.

What's inside:

- A reusable brand voice brief template
- Prompt recipes for product pages, SEO metadata, support replies and email campaigns
- A fact-checking routine so nothing false reaches a customer
- A 30-minute weekly routine that keeps your content calendar full`,
    priceCents: 14900,
    level: "Beginner",
    topics: ["AI & ChatGPT"],
    track: "AI Track",
    outcomes: [
      "Write a brand voice brief that keeps AI output on-brand",
      "Draft product descriptions and SEO metadata for a whole collection in one sitting",
      "Answer common support emails in minutes with replies that still sound human",
      "Plan and draft a month of marketing emails in a single session",
      "Check AI output for errors before it reaches a customer",
    ],
    isFeatured: true,
    publishedAt: "2024-09-16",
    enrolledLearners: 21,
    modules: [
      {
        title: "Getting Set Up",
        description: "Set up ChatGPT for store work and teach it how your brand sounds.",
        lessons: [
          {
            title: "Where ChatGPT Fits in a Store Owner's Week",
            slug: "chatgpt-in-your-workday",
            type: "video",
            summary: "The jobs worth handing to ChatGPT first, the ones to keep, and how to configure it for store work.",
            contentMd: `Where ChatGPT saves a store owner real time, and where it doesn't.

- The four jobs to hand over first: product copy, support drafts, email ideas and review summaries
- Jobs to keep for yourself: pricing decisions, refunds and anything legal
- Which plan features actually matter for store work
- Setting up custom instructions so you don't repeat yourself in every chat

By the end you'll have ChatGPT configured and a short list of three tasks you'll hand over this week.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Rt6bW2kZp9D",
            durationSeconds: 540,
            isPreview: true,
          },
          {
            title: "Build a Brand Voice Brief",
            slug: "build-your-brand-voice-brief",
            type: "article",
            summary: "A one-page brief that makes every AI draft start from your style instead of the model's default.",
            contentMd: `AI writes in a bland, over-enthusiastic voice by default. A brand voice brief fixes that. It's a short document you paste into ChatGPT (or save in custom instructions) so every answer starts from your style instead of its own.

## What goes in the brief

Keep it to one page. Include:

- **Who you sell to:** one or two sentences about your customer and what they care about.
- **Three voice traits, each with a "not":** for example, "warm, not gushing", "expert, not technical", "playful, not silly".
- **Words you use and words you never use.** Maybe you say "pieces" instead of "products" and never say "luxury".
- **Formatting rules:** sentence length, emoji or no emoji, British or American spelling.
- **Two samples of your best writing:** a product description and an email you're proud of.

## Test it

Ask ChatGPT to write the same product description twice, once without the brief and once with it. The difference usually shows in the first sentence. If the output still sounds generic, your traits are too vague. "Friendly" tells the model nothing; "talks like a knowledgeable friend at a farmers' market" tells it a lot.

## Keep it alive

Your brief will improve as you use it. Every time you edit an AI draft, ask yourself why. If you keep cutting the same kind of phrase, add it to the "never use" list. After a month, most of your edits disappear.

Copy the template from the resources tab and fill it in before the next module.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 600,
            isPreview: false,
          },
        ],
      },
      {
        title: "Product and Store Copy",
        description: "Turn spec sheets into persuasive, accurate product copy and search-friendly metadata.",
        lessons: [
          {
            title: "Product Descriptions at Scale",
            slug: "product-descriptions-at-scale",
            type: "video",
            summary: "Write consistent descriptions for a ten-product collection in under an hour.",
            contentMd: `A live session writing descriptions for a ten-product collection in under an hour.

- Feeding the model a spec sheet instead of asking it to invent details
- Asking for three angles per product and choosing the strongest
- Keeping the structure consistent across a collection
- Exporting the results to a spreadsheet for bulk upload

Maya shows the exact prompt she uses, including the one line that stops ChatGPT from inventing features.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Yp3cN8vHq1W",
            durationSeconds: 960,
            isPreview: false,
          },
          {
            title: "SEO Titles and Meta Descriptions in Bulk",
            slug: "seo-titles-and-meta",
            type: "video",
            summary: "Generate search titles and meta descriptions that fit the limits and still read naturally.",
            contentMd: `How to generate SEO titles and meta descriptions that fit search result limits and still read naturally.

- Giving the model character limits and one keyword per page
- Asking for a table you can paste straight into a spreadsheet
- Spotting keyword stuffing and rewriting it out
- Updating metadata in bulk with a CSV import

You'll finish with titles and meta descriptions for every collection page in your store.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Mz5fT1kDr7G",
            durationSeconds: 660,
            isPreview: false,
          },
          {
            title: "Fact-Check Before You Publish",
            slug: "fact-check-before-you-publish",
            type: "article",
            summary: "A three-pass check that stops invented claims from reaching your product pages.",
            contentMd: `ChatGPT sounds confident even when it's wrong. In product copy, one wrong claim, like "machine washable" for a hand-wash item or "organic" for something that isn't certified, can mean refunds, bad reviews or legal trouble.

## The three-pass check

Run every AI draft through three quick passes before it goes live:

1. **Facts pass.** Compare every specific claim (materials, sizes, care, certifications, shipping times) against your spec sheet. Anything that isn't on the sheet gets verified or deleted.
2. **Promises pass.** Look for words that promise outcomes: "guaranteed", "lasts forever", "cures", "best in the world". Soften or remove them.
3. **Voice pass.** Read it aloud. Cut anything you wouldn't say to a customer in person.

## Make the model help you check

After a draft, ask: "List every factual claim in this description as bullet points." It takes seconds and makes the facts pass much faster, because you're checking a list instead of hunting through paragraphs.

## Keep a source of truth

The most reliable fix happens before you prompt: keep one spec sheet per product with materials, dimensions, care and certifications. Paste it into every prompt and tell the model to use only that information. Most made-up details come from prompts that didn't give the model enough facts to work with, so it filled the gaps with plausible guesses.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 420,
            isPreview: false,
          },
        ],
      },
      {
        title: "Customer Conversations",
        description: "Reply to customers faster without losing the personal touch.",
        lessons: [
          {
            title: "Support Replies That Still Sound Human",
            slug: "support-reply-templates",
            type: "video",
            summary: "Build reply templates for your ten most common support questions from your own inbox.",
            contentMd: `Build a library of reply templates for your ten most common support questions.

- Exporting your last 50 support emails and asking ChatGPT to group them by topic
- Drafting one template per topic with your brand voice brief attached
- Leaving placeholders for names and order numbers so nothing goes out generic
- Saving the templates where you actually answer email

Most stores find that ten good templates cover the majority of their inbox.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Hc8qL4nWx2J",
            durationSeconds: 720,
            isPreview: false,
          },
          {
            title: "Handling Difficult Emails",
            slug: "handling-difficult-emails",
            type: "video",
            summary: "Use ChatGPT as a calm second reader when a customer email gets heated.",
            contentMd: `How to use ChatGPT as a calm second reader when a customer email makes your blood pressure rise.

- Asking the model to summarise what the customer actually wants
- Drafting a reply that acknowledges, explains and offers a next step
- Checking your own draft for defensive phrasing
- Knowing when to pick up the phone instead

Includes three anonymised emails from Maya's stores and the replies that turned them around.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Bv1sK7mPd4Q",
            durationSeconds: 600,
            isPreview: false,
          },
        ],
      },
      {
        title: "Marketing Campaigns",
        description: "Plan and draft a month of marketing in one focused session, then keep it going every week.",
        lessons: [
          {
            title: "Plan a Month of Emails",
            slug: "plan-a-month-of-emails",
            type: "video",
            summary: "Turn your sales calendar into four weeks of email drafts in a single session.",
            contentMd: `A walkthrough of planning four weeks of email marketing with ChatGPT.

- Starting from your sales calendar: launches, restocks and holidays
- Asking for a campaign plan as a table: date, goal, subject line, main idea
- Drafting each email with your voice brief attached
- Writing three subject lines per email and choosing with a simple test

You'll leave with a full month of drafts ready to load into your email tool.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Ws4gX9tLc6N",
            durationSeconds: 1020,
            isPreview: false,
          },
          {
            title: "Your Weekly AI Routine",
            slug: "your-weekly-ai-routine",
            type: "article",
            summary: "A 30-minute weekly routine that keeps content flowing and surfaces what customers are telling you.",
            contentMd: `Tools only save time if you use them on a schedule. Here's the 30-minute weekly routine Maya uses to keep content flowing without thinking about it every day.

## Monday, 10 minutes: review and plan

Paste last week's best-selling products and any new customer questions into ChatGPT. Ask: "Based on this, suggest three email or social topics for this week." Pick one or two.

## Wednesday, 10 minutes: draft

Open a chat with your brand voice brief pasted in. Draft this week's email and two social captions from the topics you chose. Edit them, then schedule them.

## Friday, 10 minutes: support and reviews

Paste in the week's new reviews and any tricky support threads. Ask for a summary of themes: what people love, what confuses them, what they complain about. Add anything useful to your FAQ or product pages.

## Keep a running prompt file

Save the prompts that worked in one document, grouped by task. After a few weeks you'll have a personal playbook, and the routine gets faster every time.

## When to skip it

If a week is chaotic, skip the drafting and keep only the Friday review. Customer themes are the most valuable thing this routine produces, and they're the easiest thing to miss when you're busy.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 480,
            isPreview: false,
          },
        ],
      },
    ],
    reviews: [
      {
        learner: "sofia-alvarez",
        rating: 5,
        comment:
          "As a copywriter I was sceptical. The brand voice brief is the missing piece: my clients can't tell which first drafts started in ChatGPT, and I'm delivering twice as fast.",
        date: "2024-10-08",
      },
      {
        learner: "grace-okafor",
        rating: 5,
        comment:
          "I manage inboxes for three stores. The support template lesson cut my reply time roughly in half, and customers still thank me for the personal replies.",
        date: "2024-12-03",
      },
      {
        learner: "mei-lin-wong",
        rating: 4,
        comment:
          "Great practical course. The fact-check routine caught a claim about our packaging that would have been a real problem. I'd love a follow-up on ad copy.",
        date: "2025-04-22",
      },
      {
        learner: "olivia-grant",
        rating: 5,
        comment:
          "Short lessons, prompts you can use straight away, immediate results. I planned my entire November email calendar in one evening.",
        date: "2025-09-30",
      },
      {
        learner: "liam-obrien",
        rating: 5,
        comment:
          "I don't run a store, but everything translated to my bookkeeping business. The weekly routine is now a fixed block in my calendar.",
        date: "2026-04-06",
      },
    ],
  },

  // ----- The Perfect Prompt ------------------------------------------------------------------
  {
    slug: "the-perfect-prompt",
    title: "The Perfect Prompt",
    subtitle: "A repeatable framework for writing prompts that get usable answers the first time, in any AI tool, for any task.",
    longDescriptionMd: `Most disappointing AI answers come from vague prompts, not weak models. **The Perfect Prompt** teaches a five-part framework (Role, Task, Context, Format, Check) that turns fuzzy requests into clear instructions any assistant can follow.

This is a short, hands-on course. You'll practise on real business tasks, compare prompts side by side, and finish with a personal prompt library you'll reuse every week.

- Works with ChatGPT, Claude, Gemini and most other assistants
- Every technique is shown on a before-and-after example
- No technical background needed`,
    priceCents: 12900,
    level: "Beginner",
    topics: ["AI & ChatGPT"],
    track: "AI Track",
    outcomes: [
      "Structure any request with the Role, Task, Context, Format, Check framework",
      "Use examples and constraints to get consistent, usable output",
      "Break complex jobs into chained prompts that keep the thread",
      "Compare prompt versions objectively instead of by gut feel",
      "Build a searchable library of your best prompts",
    ],
    isFeatured: false,
    publishedAt: "2024-05-06",
    enrolledLearners: 18,
    modules: [
      {
        title: "Why Prompts Fail",
        description: "Understand what the model needs from you, and why vague requests get vague answers.",
        lessons: [
          {
            title: "Anatomy of a Prompt",
            slug: "anatomy-of-a-prompt",
            type: "video",
            summary: "One weak prompt rebuilt live, piece by piece, until the answer is worth using.",
            contentMd: `We take one weak prompt, "write a blog post about candles", and rebuild it live, piece by piece.

- Why the model fills gaps with the most generic answer available
- The difference between asking and instructing
- How much context is enough (usually more than you think)
- A first look at the five-part framework

You'll see the output improve at every step, and by the end you'll know exactly which missing piece caused the bland first answer.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Qe7dZ3rNv5H",
            durationSeconds: 480,
            isPreview: true,
          },
          {
            title: "The Five-Part Prompt Framework",
            slug: "the-five-part-prompt-framework",
            type: "article",
            summary: "Role, Task, Context, Format and Check: the five questions every strong prompt answers.",
            contentMd: `Every strong prompt answers five questions. You won't always need all five, but checking for them takes ten seconds and saves many rounds of back-and-forth.

## 1. Role: who should the model be?

"You are an experienced e-commerce copywriter" sets vocabulary, tone and assumptions. Keep it relevant; a role that doesn't match the task only adds noise.

## 2. Task: what exactly should it do?

Use one clear verb: write, summarise, compare, rewrite, list. "Help me with my email" is not a task. "Rewrite this email so it's under 120 words and ends with one clear question" is.

## 3. Context: what does it need to know?

Audience, goal, background, constraints, and any material it should work from. The model knows nothing about your business unless you tell it. Paste the source text instead of describing it.

## 4. Format: what should the answer look like?

Length, structure, tone and output type: a table, a bullet list, three options. If you'll paste the result somewhere, describe that destination.

## 5. Check: how will you know it's right?

Ask the model to verify its work against your criteria: "Before answering, confirm every claim comes from the text I provided." This catches a surprising number of mistakes.

## Putting it together

> You are an e-commerce copywriter. Write a product description for the linen apron described below, for home cooks aged 30-50 who value durability. Use one opening line and four bullet points, under 120 words. Only use facts from the spec sheet, and list any you could not use.

That prompt contains all five parts in four sentences. Rewrite one prompt you used this week the same way and compare the results.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 660,
            isPreview: false,
          },
        ],
      },
      {
        title: "Techniques That Work",
        description: "Examples, constraints and step-by-step chains that make output reliable.",
        lessons: [
          {
            title: "Examples Beat Adjectives",
            slug: "examples-beat-adjectives",
            type: "video",
            summary: "Why one good example does more than ten adjectives, and how to choose it.",
            contentMd: `Why showing the model one good example is worth more than ten adjectives.

- Zero-shot, one-shot and few-shot prompting, explained without jargon
- Choosing examples that are varied enough to generalise
- Stopping the model from copying your example too closely
- Using your own best past work as the example

Demonstrated on product taglines, support replies and social captions.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Fk2hV6yTm8C",
            durationSeconds: 720,
            isPreview: false,
          },
          {
            title: "Break Big Tasks into Steps",
            slug: "break-big-tasks-into-steps",
            type: "video",
            summary: "Split a big request into a chain of smaller prompts that each do one job well.",
            contentMd: `Big requests produce shallow answers. This lesson shows how to split a job into a chain of smaller prompts.

- Outline first, then draft, then edit: three prompts instead of one
- Passing the output of one step into the next
- Asking the model to lay out options before choosing one
- When a chain is worth it, and when it's overkill

Worked example: turning a messy customer survey into a prioritised list of product improvements.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Lu9pR4bXs2E",
            durationSeconds: 840,
            isPreview: false,
          },
          {
            title: "Constraints and Output Formats",
            slug: "constraints-and-output-formats",
            type: "article",
            summary: "Use numbers, rules and structured formats to get output you can paste straight into your tools.",
            contentMd: `Constraints are the most underused part of a prompt. They turn "something like this" into "exactly this."

## Useful constraints

- **Length:** "under 80 words", "exactly three bullet points", "one sentence".
- **Reading level:** "plain English a 14-year-old would understand".
- **Vocabulary:** "don't use the words elevate, unlock or seamless".
- **Scope:** "only use information from the text below".
- **Perspective:** "write in the first person as the shop owner".

Numbers work better than adjectives. "Short" means different things to different people; "under 50 words" doesn't.

## Asking for structured output

When the result is going into a spreadsheet, a website or another tool, ask for a structure you can paste directly:

\`\`\`text
Return a markdown table with the columns:
Product | SEO title (max 60 characters) | Meta description (max 155 characters)
One row per product. No commentary before or after the table.
\`\`\`

The last line matters: without it, many models add a friendly introduction you then have to delete.

## When the model ignores a constraint

Models sometimes drift past limits, especially on length. Three fixes that usually work:

1. Repeat the most important constraint at the end of the prompt.
2. Ask the model to check its work: "Confirm each meta description is under 155 characters and shorten any that aren't."
3. Reduce the batch size. Ten items at a time are more reliable than fifty.

Treat constraints as a checklist you reuse, not something you invent from scratch every time.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 540,
            isPreview: false,
          },
        ],
      },
      {
        title: "Your Prompt Library",
        description: "Test, save and reuse the prompts that work, for text, images and data.",
        lessons: [
          {
            title: "Test and Compare Prompts",
            slug: "test-and-compare-prompts",
            type: "video",
            summary: "A simple method for telling whether a new prompt is actually better, not just different.",
            contentMd: `How to tell whether a new prompt is actually better, not just different.

- Running two prompt versions on the same five inputs
- Scoring the results against three criteria you decide in advance
- Changing one thing at a time
- Keeping notes on what you changed and why

Maya uses a simple spreadsheet for this, and you can download a copy from the resources tab.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Tn3wJ8cKq6A",
            durationSeconds: 600,
            isPreview: false,
          },
          {
            title: "Build a Prompt Library",
            slug: "build-a-prompt-library",
            type: "article",
            summary: "What to save for each prompt, where to keep it and how to organise it so you actually reuse it.",
            contentMd: `A prompt that worked once is worth saving. A library of them turns prompting from a skill you have to summon into a set of tools you simply reach for.

## What to store for each prompt

- **Name:** a short, searchable label like "Support: late delivery reply".
- **The prompt itself,** with placeholders in square brackets: [customer name], [order number].
- **When to use it,** and when not to.
- **An example output** you were happy with.
- **Last tested:** the date and the tool you used. Models change, and prompts that worked six months ago sometimes need a tune-up.

## Where to keep it

Use whatever you already open every day: a notes app, a shared document, a spreadsheet, or the saved prompts inside your AI tool. The best library is the one you actually search. Teams should keep one shared library with an owner who tidies it up once a month.

## Organise by job, not by tool

Group prompts by the work they do (product copy, support, marketing, planning, analysis) rather than by which AI tool you used. You'll switch tools over time; the jobs stay the same.

## Start small

Save five prompts this week. Next week, improve one of them and save the new version alongside a note about what changed. In three months you'll have a library that saves you hours every week, built from your own real work.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 480,
            isPreview: false,
          },
          {
            title: "Prompts for Images and Data",
            slug: "prompts-for-images-and-data",
            type: "video",
            summary: "Apply the framework to image generation and spreadsheet analysis.",
            contentMd: `Applying the framework beyond text: image generation and spreadsheet analysis.

- Describing subject, style, lighting and composition for product mock-ups
- Why image prompts need fewer adjectives and more concrete nouns
- Uploading a sales CSV and asking precise questions about it
- Checking any numbers the model reports against your own totals

The lesson ends with a final exercise: three prompts for your own business, reviewed against the five parts.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Xa5mG1hRv9P",
            durationSeconds: 780,
            isPreview: false,
          },
        ],
      },
    ],
    reviews: [
      {
        learner: "marcus-oyelaran",
        rating: 5,
        comment: "Short course, huge return. The Check step alone stopped most of the made-up details I kept getting in my product copy.",
        date: "2024-06-01",
      },
      {
        learner: "aiko-tanaka",
        rating: 5,
        comment:
          "I'm not technical at all, and this was the first time prompting made sense to me. I now have a library of 20 prompts I use every week.",
        date: "2024-07-15",
      },
      {
        learner: "noah-fischer",
        rating: 4,
        comment:
          "Really clear framework. The examples lean towards e-commerce, which suited me, but people outside retail may need to adapt them a little.",
        date: "2025-10-20",
      },
      {
        learner: "ben-carter",
        rating: 5,
        comment:
          "The lesson on constraints paid for the course on day one. Our whole team uses the table-output prompt for SEO updates now.",
        date: "2026-01-12",
      },
    ],
  },

  // ----- Shopify Growth & Fulfillment --------------------------------------------------------
  {
    slug: "shopify-growth-and-fulfillment",
    title: "Shopify Growth & Fulfillment",
    subtitle:
      "Raise your average order value, tighten shipping and choose the right fulfillment setup, so growth doesn't break your operations.",
    longDescriptionMd: `Getting your first hundred orders is a marketing problem. Getting to your first thousand is an operations problem. This course is for store owners who are selling steadily and starting to feel the strain: slow packing, creeping shipping costs and returns eating into margin.

You'll learn to read the handful of numbers that matter, raise order value with offers that don't feel pushy, and decide with real numbers whether to keep packing orders yourself, move to a 3PL or use print-on-demand.

- Weekly dashboard template built around Shopify analytics
- Free-shipping threshold calculator
- 3PL scorecard and the questions to ask on sales calls
- Returns policy templates for three kinds of store`,
    priceCents: 19900,
    level: "Intermediate",
    topics: ["Shopify", "Fulfillment"],
    track: "Shopify Track",
    outcomes: [
      "Track the five numbers that show whether your store is healthy",
      "Raise average order value with bundles, free-shipping thresholds and post-purchase offers",
      "Compare self-fulfillment, a 3PL and print-on-demand using your own costs",
      "Cut packaging and shipping costs without hurting the unboxing experience",
      "Write a returns policy that protects both margin and customer trust",
    ],
    isFeatured: false,
    publishedAt: "2025-01-20",
    enrolledLearners: 15,
    modules: [
      {
        title: "Read Your Numbers",
        description: "Know which metrics to watch every week, and which ones to ignore.",
        lessons: [
          {
            title: "The Five Numbers That Matter",
            slug: "the-five-numbers-that-matter",
            type: "video",
            summary: "The five metrics to check every Monday and what each one tells you about your store.",
            contentMd: `The five metrics Maya checks every Monday, and what each one tells you.

- Conversion rate: is the store persuading visitors?
- Average order value: how much does each buyer spend?
- Contribution margin per order: what's left after product, shipping, fees and ads?
- Repeat purchase rate: do customers come back?
- Time to ship: how long from order to dispatch?

You'll see where to find each one in Shopify analytics and what a realistic target looks like for a small store.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Gd8nS2wLp4V",
            durationSeconds: 600,
            isPreview: true,
          },
          {
            title: "Set Up a Weekly Dashboard",
            slug: "set-up-a-weekly-dashboard",
            type: "article",
            summary: "A one-screen spreadsheet dashboard you can read in five minutes every Monday.",
            contentMd: `A dashboard is only useful if you look at it. The goal here is a single view you can read in five minutes every Monday morning.

## Build it in a spreadsheet first

Shopify's reports are good, but copying a few numbers into a spreadsheet by hand forces you to notice each one. Create one row per week with these columns:

| Column | Where it comes from |
|---|---|
| Sessions | Analytics, sessions over time |
| Orders | Orders report, filtered to the week |
| Conversion rate | Orders ÷ sessions |
| Average order value | Sales ÷ orders |
| Contribution margin | Sales minus product cost, shipping, fees and ad spend |
| Returning customer % | Customers report |
| Median days to ship | Your fulfillment app, or a sample of ten orders |

## Add one note per week

Next to the numbers, write one sentence: what changed this week? A sale, a new product, a shipping delay, a post that took off. After three months, these notes explain your graphs better than any chart.

## What to do with it

Don't react to a single bad week. Look for three-week trends instead. If conversion drops three weeks in a row, look at product pages and checkout. If margin drops, look at shipping and ad costs first. If the returning customer rate drops, look at post-purchase emails and product quality.

Once the habit sticks you can automate the data collection (the n8n course shows how), but keep reading the numbers yourself.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 480,
            isPreview: false,
          },
        ],
      },
      {
        title: "Increase Order Value",
        description: "Offers that raise basket size without discounting your brand into the ground.",
        lessons: [
          {
            title: "Bundles and Volume Offers",
            slug: "bundles-and-volume-offers",
            type: "video",
            summary: "Design bundles customers want and price them so the margin holds.",
            contentMd: `How to design bundles that customers actually want.

- Complementary bundles versus quantity breaks
- Pricing a bundle so the saving is visible and the margin still holds
- Showing bundles on product pages without cluttering them
- Native Shopify bundles versus third-party apps

Includes three worked bundle examples from different store categories, with the maths shown on screen.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Ck4tY7hMz1R",
            durationSeconds: 840,
            isPreview: false,
          },
          {
            title: "Setting a Free-Shipping Threshold That Pays for Itself",
            slug: "free-shipping-thresholds",
            type: "article",
            summary: "How to pick, check and promote a free-shipping threshold that raises order value profitably.",
            contentMd: `A free-shipping threshold is one of the most reliable ways to raise average order value. Set too low, it just gives away margin; set too high, it gets ignored.

## Start from your current average order value

Look at the last 90 days. A common starting point is a threshold 15-30% above your current average order value. If your average order is $42, try a threshold of around $50-55.

## Check that it pays for itself

Work out what free shipping costs you on an order right at the threshold:

1. Average shipping cost per order: say $7.50.
2. Contribution margin on the extra item a customer adds to reach the threshold: a $12 item at 60% margin adds $7.20.
3. If the extra margin roughly covers the shipping cost, the threshold is sustainable.

If it doesn't, raise the threshold, or make sure you have low-cost, high-margin add-ons that help customers get over the line.

## Make it visible

A threshold nobody notices does nothing. Mention it in the announcement bar, near the price on product pages, and in the cart with a progress message: "You're $8 away from free shipping."

## Test and review

Run it for at least four weeks before judging. Compare average order value, conversion rate and contribution margin per order with the four weeks before. Conversion may dip slightly while order value rises; what matters is the total margin you keep.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 540,
            isPreview: false,
          },
          {
            title: "Post-Purchase Upsells",
            slug: "post-purchase-upsells",
            type: "video",
            summary: "Offers shown after checkout, when the buyer has already said yes.",
            contentMd: `Offers shown after checkout, when the buyer has already said yes.

- Why post-purchase offers don't hurt conversion the way checkout upsells can
- Choosing the right product: low price, high relevance, fits in the same box
- One-click offers on the thank-you page
- Measuring take rate and the effect on margin

Maya shares the post-purchase offer that added 9% to average order value in one of her stores.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Vr6kB3nTw8F",
            durationSeconds: 660,
            isPreview: false,
          },
        ],
      },
      {
        title: "Fulfillment Options",
        description: "Decide how orders get packed and shipped as volume grows.",
        lessons: [
          {
            title: "Self-Fulfill, 3PL or Print-on-Demand?",
            slug: "self-fulfill-3pl-or-print-on-demand",
            type: "video",
            summary: "A side-by-side comparison of the three main fulfillment models and when each makes sense.",
            contentMd: `A side-by-side comparison of the three main fulfillment models.

- Self-fulfillment: full control, and your time is the cost
- Third-party logistics (3PL): scale and speed, with minimums and fees
- Print-on-demand: no inventory, lower margins, less control
- The order volumes where each one usually starts to make sense

Use the included cost calculator to model your own store under each option.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Js1pW5xGd7K",
            durationSeconds: 1200,
            isPreview: false,
          },
          {
            title: "Choosing a 3PL: The Questions to Ask",
            slug: "choosing-a-3pl",
            type: "article",
            summary: "The questions that expose hidden costs before you sign, and how to run a fair comparison.",
            contentMd: `Moving to a third-party logistics provider (3PL) can give you your evenings back, or create a new set of problems. The difference is mostly in the questions you ask before signing.

## Questions to ask on the sales call

- **Minimums:** Is there a minimum monthly order volume or fee?
- **Receiving:** How do you charge for receiving stock, and how fast is it available to sell?
- **Pick and pack:** What's the per-order fee, and what counts as an extra item?
- **Storage:** Is storage charged per pallet, bin or cubic foot?
- **Integration:** Do orders sync with Shopify automatically, and how do tracking numbers come back?
- **Cut-off time:** By what time must an order arrive to ship the same day?
- **Errors:** What's your mis-pick rate, and who pays when you make a mistake?
- **Leaving:** What does it cost to move our stock out if we part ways?

## Run a fair cost comparison

Ask every provider to quote on the same sample month: your real order count, average items per order, number of SKUs and storage needs. Put the quotes side by side. The cheapest per-order fee is rarely the cheapest total.

## Start with a trial

Send stock for your best sellers first. Place a few orders to friends in different regions and check packing quality, speed and tracking. Keep packing slower lines yourself until you're confident.

Use the 3PL scorecard in the resources tab to rate each provider out of 40.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 600,
            isPreview: false,
          },
        ],
      },
      {
        title: "Shipping and Returns",
        description: "Packaging, delivery problems and a returns process that doesn't drain your margin.",
        lessons: [
          {
            title: "Packaging and Unboxing",
            slug: "packaging-and-unboxing",
            type: "video",
            summary: "Make orders arrive looking good without paying for luxury packaging.",
            contentMd: `How to make orders arrive looking good without paying for luxury packaging.

- Right-sizing boxes and mailers to cut dimensional weight charges
- One memorable touch: a printed card, a sticker or tissue in your brand colour
- Protecting fragile items without mountains of filler
- Including a reason to come back, such as a reorder card or a note about what's new

Maya compares three packaging setups at different price points and what each costs per order.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Pw9cH4qZn2T",
            durationSeconds: 720,
            isPreview: false,
          },
          {
            title: "Handling Late and Lost Parcels",
            slug: "handling-late-and-lost-parcels",
            type: "video",
            summary: "A calm, repeatable process for the orders that go wrong in transit.",
            contentMd: `A calm process for the orders that go wrong in transit.

- Setting expectations with delivery times on product pages and in confirmation emails
- When to contact the carrier, and when to simply reship
- Message templates for delayed, lost and damaged parcels
- Tracking problem rates by carrier so you know when to switch

Handled well, a lost parcel can turn a customer into one of your most loyal buyers.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Ez2rM8vKj5W",
            durationSeconds: 540,
            isPreview: false,
          },
          {
            title: "A Returns Policy That Protects Margin",
            slug: "returns-policy-that-protects-margin",
            type: "video",
            summary: "Write a returns policy that builds trust without inviting abuse.",
            contentMd: `Writing a returns policy that builds trust without inviting abuse.

- Return windows, condition rules and who pays for return shipping
- Offering exchanges and store credit before refunds
- Handling final-sale and personalised items
- Using return reasons to fix product pages and size guides

Three policy templates are included: apparel, home goods and consumables.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Nh7xT1cPb3M",
            durationSeconds: 780,
            isPreview: false,
          },
        ],
      },
    ],
    reviews: [
      {
        learner: "hannah-berg",
        rating: 5,
        comment: "The free-shipping threshold lesson paid for itself in the first month. Average order value went from $38 to $47.",
        date: "2025-02-18",
      },
      {
        learner: "daniel-kowalski",
        rating: 5,
        comment:
          "Exactly the level I needed. We used the 3PL questions on four sales calls and the scorecard made the decision obvious. It saved us from a contract with nasty storage fees.",
        date: "2025-03-05",
      },
      {
        learner: "emma-lindqvist",
        rating: 4,
        comment:
          "Very practical, and the dashboard habit has changed how I run the business. A few examples are US-focused, but the principles apply anywhere.",
        date: "2025-07-02",
      },
      {
        learner: "kwame-mensah",
        rating: 5,
        comment:
          "Moving from dropshipping to my own inventory was scary. The fulfillment comparison gave me real numbers instead of guesses.",
        date: "2025-08-11",
      },
    ],
  },

  // ----- n8n Automation for E-commerce -------------------------------------------------------
  {
    slug: "n8n-automation-for-ecommerce",
    title: "n8n Automation for E-commerce",
    subtitle:
      "Build production-ready n8n workflows that sync orders, alert your team and recover from errors, and understand every step of the logic.",
    longDescriptionMd: `Per-task automation tools are great until the bill grows with every order, or you need logic they can't express. n8n gives you a visual workflow builder with real code when you need it, and you can host it yourself.

This course is hands-on and advanced. You'll build the workflows a growing store actually needs: order alerts, low-stock warnings, an order log for the team and AI-assisted triage of support email. Then you'll make them dependable with error workflows, retries and documentation someone else can maintain.

**You should be comfortable with** basic JSON and the idea of an API. You don't need to be a developer.

- 10 lessons, each with a downloadable workflow file
- A self-hosting guide using Docker
- An error-handling workflow you can attach to everything you build`,
    priceCents: 24900,
    level: "Advanced",
    topics: ["Automation"],
    track: "Automation Track",
    outcomes: [
      "Choose between n8n Cloud and self-hosting, and set up either one securely",
      "Trigger workflows from Shopify webhooks and call the Shopify Admin API",
      "Transform data with expressions and the Code node",
      "Send alerts to Slack and email that contain exactly the information people need",
      "Build error workflows with retries so failures never go unnoticed",
      "Document and version workflows so they can be handed over",
    ],
    isFeatured: true,
    publishedAt: "2025-06-02",
    enrolledLearners: 12,
    modules: [
      {
        title: "n8n Fundamentals",
        description: "How n8n models data, and where to run it.",
        lessons: [
          {
            title: "How n8n Thinks: Triggers, Nodes and Items",
            slug: "how-n8n-thinks",
            type: "video",
            summary: "The mental model that makes everything else in n8n click.",
            contentMd: `The mental model that makes everything else in n8n click.

- Triggers start workflows; nodes do the work
- Data flows as a list of items, and most nodes run once per item
- Reading the input and output panels to see exactly what changed
- Pinning data so you can keep building without re-triggering

Maya builds a tiny three-node workflow live and explains every panel on screen.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Aw3kN7pLr1Y",
            durationSeconds: 720,
            isPreview: true,
          },
          {
            title: "Self-Hosted or Cloud?",
            slug: "self-hosted-or-cloud",
            type: "article",
            summary: "How to choose between n8n Cloud and self-hosting, and the security basics for either.",
            contentMd: `n8n comes in two flavours: n8n Cloud, where the company runs it for you, and self-hosted, where you run it on your own server. Both run the same workflows. The choice comes down to cost, control and how much maintenance you're willing to take on.

## Choose Cloud if

- You want to start building today without touching a server.
- Nobody on your team is comfortable with updates, backups and certificates.
- Your workflow volume fits comfortably within a plan's execution limits.

## Choose self-hosting if

- You expect high volumes and want predictable costs.
- You need data to stay on infrastructure you control.
- You, or someone on your team, is comfortable with Docker and basic Linux.

## A sensible self-hosted setup

A small virtual server is enough for most stores. Run n8n with Docker, put it behind a reverse proxy with HTTPS, and switch from the default SQLite database to PostgreSQL once you're in production. A minimal start looks like this:

\`\`\`bash
docker volume create n8n_data
docker run -d --name n8n -p 5678:5678 \\
  -e GENERIC_TIMEZONE="America/New_York" \\
  -v n8n_data:/home/node/.n8n \\
  docker.n8n.io/n8nio/n8n
\`\`\`

## Non-negotiables either way

- Turn on two-factor authentication for every n8n user.
- Store API keys as n8n credentials, never pasted into node fields.
- Back up your workflows and credentials every day.
- Update regularly, and read the release notes before major upgrades.

You can start on Cloud and export your workflows to a self-hosted instance later; the move usually takes an afternoon.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 540,
            isPreview: false,
          },
        ],
      },
      {
        title: "Your First Store Workflows",
        description: "Alerts that tell your team what they need to know, when they need to know it.",
        lessons: [
          {
            title: "New Orders to Slack",
            slug: "new-order-to-slack",
            type: "video",
            summary: "Post a clear summary of every new Shopify order to a Slack channel.",
            contentMd: `Build the classic first workflow: every new Shopify order posts a summary to a Slack channel.

- Connecting Shopify credentials and choosing the order-created trigger
- Formatting a readable message: first name, items, total and shipping method
- Highlighting high-value orders so the team can send a thank-you note
- Testing with pinned data before turning the workflow on`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Kb6sD2wQx9H",
            durationSeconds: 900,
            isPreview: false,
          },
          {
            title: "Low-Stock Alerts",
            slug: "low-stock-alerts",
            type: "video",
            summary: "A scheduled morning check that warns you before best sellers run out.",
            contentMd: `A scheduled workflow that checks inventory every morning and warns you before best sellers sell out.

- Using the Schedule trigger and the Shopify node to fetch inventory levels
- Filtering products below a reorder point you set per product
- Grouping the results into one daily digest instead of a flood of messages
- Sending the digest to both email and Slack`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Rm8vF4tJc2L",
            durationSeconds: 780,
            isPreview: false,
          },
          {
            title: "Working with Expressions",
            slug: "working-with-expressions",
            type: "article",
            summary: "Pull data from earlier nodes and reshape it on the fly, and know when to reach for a Code node.",
            contentMd: `Expressions are how you pull data from earlier nodes and reshape it on the fly. Once they click, most workflows get shorter.

## The basics

Anything inside double curly braces is evaluated as JavaScript. The current item's data lives in \`$json\`:

\`\`\`text
New order from {{ $json.customer.first_name }} for {{ $json.total_price }} {{ $json.currency }}
\`\`\`

To read data from a specific earlier node, reference it by name:

\`\`\`text
{{ $('Shopify Trigger').item.json.id }}
\`\`\`

## Small transformations

You can use ordinary JavaScript inside an expression. A few come up constantly in store workflows:

| Goal | Expression |
|---|---|
| Round a price | \`{{ Number($json.total_price).toFixed(2) }}\` |
| Count line items | \`{{ $json.line_items.length }}\` |
| Fall back when a value is missing | \`{{ $json.note ?? 'No note' }}\` |
| Uppercase a country code | \`{{ $json.shipping_address.country_code.toUpperCase() }}\` |

## When to switch to a Code node

If an expression needs more than one line, or you're looping over items to build something new, use a Code node instead. It's easier to read and test, and you can add comments explaining why the logic exists.

## Debugging tips

- Open the expression editor: it previews the result for the current item as you type.
- If you see \`undefined\`, check the input panel. The field is usually named slightly differently from what you expected.
- Pin test data on the trigger so you're not placing a new order every time you test.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 660,
            isPreview: false,
          },
        ],
      },
      {
        title: "Data In, Data Out",
        description: "Webhooks, APIs, spreadsheets and AI nodes.",
        lessons: [
          {
            title: "Webhooks and the Shopify API",
            slug: "webhooks-and-shopify-api",
            type: "video",
            summary: "Go beyond the built-in Shopify node with verified webhooks and direct API calls.",
            contentMd: `Going beyond the built-in Shopify node.

- Receiving Shopify webhooks with the Webhook node and verifying the HMAC signature
- Calling the Shopify Admin GraphQL API with the HTTP Request node
- Handling pagination for large result sets
- Respecting rate limits with batching and waits

This is the most technical lesson in the course; the finished workflow is in the downloads so you can compare it with yours.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Wq2hB9xNs6E",
            durationSeconds: 1260,
            isPreview: false,
          },
          {
            title: "Sync Orders to a Spreadsheet",
            slug: "sync-orders-to-a-sheet",
            type: "video",
            summary: "Keep a live order log in Google Sheets for teammates who never log into Shopify.",
            contentMd: `Keep a live order log in Google Sheets for the people on your team who will never log into Shopify.

- Mapping order fields to columns
- Using a lookup so updated orders change their existing row instead of adding a duplicate
- Adding calculated columns such as margin and days to ship
- Backfilling historical orders once, safely`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Dn5cR1kVm8U",
            durationSeconds: 840,
            isPreview: false,
          },
          {
            title: "AI Nodes for Support Triage",
            slug: "ai-nodes-for-triage",
            type: "video",
            summary: "Use an AI node to classify incoming support email and route it automatically.",
            contentMd: `Use an AI node to read incoming support emails and route them automatically.

- Classifying email into categories: shipping, returns, product question, wholesale, other
- Extracting the order number and sentiment into structured fields
- Routing each category to the right person or help desk view
- Keeping a human in the loop for anything marked urgent or uncertain`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Hg7yP3tWq4A",
            durationSeconds: 1080,
            isPreview: false,
          },
        ],
      },
      {
        title: "Production Habits",
        description: "Make workflows reliable, observable and easy to hand over.",
        lessons: [
          {
            title: "Error Workflows and Retries",
            slug: "error-workflows-and-retries",
            type: "article",
            summary: "Retries, a central error workflow and health checks so you hear about problems first.",
            contentMd: `A workflow that fails silently is worse than no workflow at all, because everyone assumes it's working. These habits make sure you hear about problems before your customers do.

## Turn on retries for flaky steps

Most failures in store workflows are temporary: a rate limit, a timeout, a brief outage. In each node's settings, enable **Retry On Fail** for anything that calls an external service. Three tries with a wait of a few seconds between them handles most hiccups.

## Create one error workflow

Build a single workflow that starts with the **Error Trigger** node. It receives the details of any failed execution: the workflow name, the node that failed and the error message. Send those to a dedicated Slack channel or email address.

Then open the settings of every production workflow and select it as the error workflow. Now every failure, everywhere, lands in one place.

## Decide what "continue" means

Some steps can fail without stopping everything. If a Slack message fails, the order should still be logged. Let non-critical nodes continue on error, and route the failed items to a log so nothing is lost.

## Watch for quiet failures

Some problems never throw an error: a webhook stops arriving, or a schedule gets switched off by accident. Add a daily check that counts yesterday's executions of your key workflows and alerts you if the number is zero.

## Before going live

- Retries on every external call
- Error workflow assigned
- A test run with real data, including one deliberately broken record
- A short note in the workflow saying what it does and who owns it`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 600,
            isPreview: false,
          },
          {
            title: "Versioning and Handover",
            slug: "versioning-and-handover",
            type: "video",
            summary: "Make workflows understandable to the next person, or to you in six months.",
            contentMd: `How to make your workflows understandable to the next person, or to yourself in six months.

- Naming nodes by what they do, not what they are
- Using sticky notes to document purpose, owner and dependencies
- Exporting workflows as JSON and keeping them in a Git repository
- Writing a one-page runbook for each critical workflow`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Mt4jK8cXb1N",
            durationSeconds: 660,
            isPreview: false,
          },
        ],
      },
    ],
    reviews: [
      {
        learner: "jamal-price",
        rating: 5,
        comment:
          "I build automations for clients, and this course filled gaps I didn't know I had. The error workflow pattern is now in every project I deliver.",
        date: "2025-07-20",
      },
      {
        learner: "daniel-kowalski",
        rating: 5,
        comment:
          "We replaced four paid tools with two n8n workflows. The webhook lesson is dense, but it's worth rewatching a couple of times.",
        date: "2025-08-04",
      },
      {
        learner: "grace-okafor",
        rating: 4,
        comment:
          "Challenging for me as a non-developer, but Maya explains every step. The downloadable workflows helped a lot whenever I got stuck.",
        date: "2025-09-12",
      },
      {
        learner: "ravi-shah",
        rating: 5,
        comment: "Finally, an n8n course that talks about production: retries, monitoring, handover. Not just happy-path demos.",
        date: "2025-11-24",
      },
    ],
  },

  // ----- Vibe Coding with Lovable ------------------------------------------------------------
  {
    slug: "vibe-coding-with-lovable",
    title: "Vibe Coding with Lovable",
    subtitle:
      "Describe the app, then ship the app: build and launch real web tools with Lovable, even if you've never written a line of code.",
    longDescriptionMd: `Vibe coding means building software by describing what you want in plain language and steering an AI builder until it's right. With Lovable you can go from idea to a working, hosted web app in a weekend, as long as you know how to plan, prompt and debug.

In this course you'll build a real internal tool for a store, a wholesale order portal, from a one-page spec to a live URL. Along the way you'll learn the habits that separate apps that work from demos that fall apart: small steps, clear specs, saved checkpoints and knowing when to call in a developer.

- Build a complete app with login, a database and a custom domain
- Learn to debug by describing symptoms precisely
- Understand enough of what gets generated to make good decisions about it`,
    priceCents: 22900,
    level: "Intermediate",
    topics: ["Lovable"],
    track: "Builder Track",
    outcomes: [
      "Write a one-page spec an AI builder can follow",
      "Build a multi-screen web app in Lovable from prompts",
      "Add user accounts and a database with Supabase",
      "Debug by describing symptoms, and roll back safely when a fix goes wrong",
      "Launch on a custom domain and know when to hand over to a developer",
    ],
    isFeatured: false,
    publishedAt: "2025-10-13",
    enrolledLearners: 9,
    modules: [
      {
        title: "Think Like a Builder",
        description: "What vibe coding is good at, what it isn't, and how to plan before the first prompt.",
        lessons: [
          {
            title: "What Vibe Coding Is (and Isn't)",
            slug: "what-vibe-coding-is",
            type: "video",
            summary: "What building with Lovable looks like in practice and which apps it suits.",
            contentMd: `What building with Lovable looks like in practice, and which kinds of apps it suits.

- Good fits: internal tools, portals, calculators, dashboards and simple product prototypes
- Poor fits: complex payment logic, heavy compliance requirements, real-time multiplayer
- A tour of the finished wholesale portal you'll build in this course
- How credits work, and how to avoid wasting them on vague prompts`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Yc1wM6rHt3S",
            durationSeconds: 540,
            isPreview: true,
          },
          {
            title: "Write a One-Page Spec",
            slug: "write-a-one-page-spec",
            type: "article",
            summary: "Ten minutes of planning that saves hours of going in circles with an AI builder.",
            contentMd: `The biggest difference between frustrating and productive vibe coding sessions is what happens before the first prompt. Ten minutes of planning saves hours of going in circles.

## What goes on the page

- **The problem:** one or two sentences. "Wholesale buyers email us their orders, and we retype them into Shopify."
- **The users:** who uses the app and what they're allowed to do. "Approved wholesale buyers can browse products and submit orders. Staff approve buyers and mark orders as processed."
- **The screens:** a short list, each with one line about what it shows. Login, product list, cart, order history, staff order queue.
- **The data:** the main things the app stores and their key fields. Buyers (name, company, approved), products (name, SKU, wholesale price), orders (buyer, items, status).
- **Out of scope:** what you're deliberately not building yet. Payments, invoices, shipping labels.

## Why "out of scope" matters

AI builders are eager. Ask for an order portal and you may get a pricing page, a blog and a testimonials section you never wanted. Listing what's out of scope keeps the build focused and saves credits.

## Turn the spec into prompts

Don't paste the whole spec and ask for everything at once. Use it as a map: the first prompt creates the layout and navigation for every screen with placeholder content, and each prompt after that builds one screen or one feature. Tick items off the spec as they start working.

Write your spec with the template in the resources tab before starting Module 2.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 540,
            isPreview: false,
          },
        ],
      },
      {
        title: "Build Your First App",
        description: "From a blank project to a working, multi-screen app with real data.",
        lessons: [
          {
            title: "From First Prompt to First Screen",
            slug: "first-prompt-to-first-screen",
            type: "video",
            summary: "Start the wholesale portal project and get a first version on screen.",
            contentMd: `Starting the wholesale portal project and getting the first version on screen.

- Writing the opening prompt from your one-page spec
- Reviewing what was generated before asking for anything else
- Adjusting layout and styling with specific, visual language
- Saving a checkpoint you can return to if later changes go wrong`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Bf8tQ2nLw5J",
            durationSeconds: 900,
            isPreview: false,
          },
          {
            title: "Iterate in Small Steps",
            slug: "iterate-in-small-steps",
            type: "video",
            summary: "One change per prompt, checked before the next: the core habit of vibe coding.",
            contentMd: `The core habit of vibe coding: one change per prompt, checked before the next.

- Breaking a feature into prompt-sized pieces
- Describing behaviour, not implementation
- Referring precisely to elements that already exist on screen
- Reverting instead of arguing when a change goes wrong

We build the product list, cart and order history screens in sequence.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Zk3nV9cRp7D",
            durationSeconds: 1020,
            isPreview: false,
          },
          {
            title: "Adding Data with Supabase",
            slug: "connect-a-database",
            type: "video",
            summary: "Turn a clickable prototype into an app that remembers things, safely.",
            contentMd: `Turning a clickable prototype into an app that remembers things.

- Connecting Supabase from inside Lovable
- Reviewing the tables that get created and renaming fields to match your spec
- Row-level security in plain terms: who can see which rows
- Testing with two accounts to make sure buyers only see their own orders`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Ut6gH1mKs4X",
            durationSeconds: 1140,
            isPreview: false,
          },
        ],
      },
      {
        title: "Make It Reliable",
        description: "Debugging, accounts and the details that make an app trustworthy.",
        lessons: [
          {
            title: "Debugging Without Panic",
            slug: "debugging-without-panic",
            type: "article",
            summary: "Describe bugs so the AI can fix them, and know when to roll back instead.",
            contentMd: `Every vibe-coded app breaks at some point. The skill isn't avoiding bugs; it's describing them clearly enough that the AI can fix them, and knowing when to roll back instead.

## Describe symptoms, not guesses

Compare these two prompts:

- "The cart is broken, fix it."
- "When I add a second product to the cart, the first one disappears. Expected: both products listed with their quantities. This started after the last change to the product list."

The second prompt gives the builder a way to reproduce the bug, an expected result and a clue. It gets fixed on the first attempt far more often.

## Use what the browser tells you

If a screen is blank or a button does nothing, open the browser's developer console and copy any red error messages into your prompt. You don't need to understand them; the model usually does.

## Know when to roll back

If two attempts at a fix make things worse, stop. Go back to the last checkpoint where the feature worked and try again with a smaller, clearer request. Pushing forward through five failed fixes often leaves hidden damage elsewhere in the app.

## Keep a bug log

Write down each bug, the prompt that fixed it and anything you learned. Patterns appear fast. If every cart problem involves quantities, that tells you to describe quantity rules more carefully from now on.

## A debugging checklist

1. Can you reproduce it every time?
2. What did you expect, and what happened instead?
3. When did it start?
4. Are there errors in the console?
5. Does the last working checkpoint still work?`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 600,
            isPreview: false,
          },
          {
            title: "Accounts, Roles and User Data",
            slug: "auth-and-user-data",
            type: "video",
            summary: "Add sign-up, login and roles so buyers and staff see different things.",
            contentMd: `Adding sign-up, login and roles so buyers and staff see different things.

- Email and password login with Supabase Auth
- An approval step before new wholesale buyers can place orders
- Hiding staff screens from buyers, both in the menu and in the data rules
- Testing as each type of user before launch`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Ja9bR5wTf2Q",
            durationSeconds: 960,
            isPreview: false,
          },
        ],
      },
      {
        title: "Ship It",
        description: "Go live on your own domain, and decide what happens next.",
        lessons: [
          {
            title: "Custom Domain and Launch",
            slug: "custom-domain-and-launch",
            type: "video",
            summary: "Publish the portal, put it on your own domain and invite your first users.",
            contentMd: `Publishing the portal and putting it on your own domain.

- Publishing from Lovable and checking the live version
- Connecting a subdomain such as wholesale.yourstore.com
- A short pre-launch test script for buyers and staff
- Inviting your first five buyers and collecting their feedback`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Oe2kW7vNc6R",
            durationSeconds: 600,
            isPreview: false,
          },
          {
            title: "When to Bring in a Developer",
            slug: "when-to-bring-in-a-developer",
            type: "article",
            summary: "The signs you've reached the edge of vibe coding, and how to hand over well.",
            contentMd: `Vibe coding can take you a long way, but not everywhere. Knowing where the line is protects your business and your customers.

## Signs you've reached the edge

- You're handling payments, health data or anything regulated.
- Fixes keep breaking other features, and rollbacks no longer help.
- The app has real users and you're nervous about every change.
- You need performance at scale: thousands of users, heavy reports, background jobs.
- You can't explain what the app does with customer data.

None of this means the work was wasted. A working app with real users is the best specification a developer could ask for.

## How to hand over well

1. Sync the project to GitHub so a developer can see the full code history.
2. Share your one-page spec, updated to match what actually exists.
3. Share your bug log: it shows where the fragile parts are.
4. List what works, what's shaky and what's missing, in that order.
5. Ask for a short review first, not a rewrite. Many apps need a few targeted fixes, not a fresh start.

## Keep building

Plenty of founders keep vibe coding new features while a developer hardens the core. Agree on who changes what, and keep using checkpoints. You've learned to build software; now you're learning to run it, and that's a skill worth having.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 420,
            isPreview: false,
          },
        ],
      },
    ],
    reviews: [
      {
        learner: "jamal-price",
        rating: 5,
        comment:
          "I built a client onboarding portal in two weekends. The one-page spec and the lesson on describing symptoms instead of guesses made all the difference.",
        date: "2025-11-18",
      },
      {
        learner: "hannah-berg",
        rating: 4,
        comment:
          "Really fun and genuinely useful. The Supabase security part went over my head at first, but the two-account test made it click.",
        date: "2025-12-09",
      },
      {
        learner: "luis-fernandes",
        rating: 5,
        comment: "We now take wholesale café orders through an app I built myself. A year ago I'd have paid an agency thousands for this.",
        date: "2026-01-27",
      },
      {
        learner: "aiko-tanaka",
        rating: 5,
        comment:
          "Maya is honest about what these tools can't do, which is exactly why I trust the rest of her advice. I loved the debugging checklist.",
        date: "2026-02-15",
      },
    ],
  },

  // ----- Custom GPTs for Business ------------------------------------------------------------
  {
    slug: "custom-gpts-for-business",
    title: "Custom GPTs for Business",
    subtitle:
      "Design, test and deploy custom GPTs that answer from your own documents and call your own tools, built for real teams, not demos.",
    longDescriptionMd: `A custom GPT is a version of ChatGPT set up for one job: answering support questions from your policies, drafting wholesale quotes, or helping staff follow your processes. Built well, it saves hours every week. Built carelessly, it confidently gives customers the wrong answer.

This advanced course covers the full lifecycle: deciding whether a custom GPT is the right tool, writing instructions that hold up under pressure, preparing knowledge files, connecting live data through Actions, and testing against an evaluation set before anyone relies on it.

- Build a support assistant that looks up real order status
- Write instructions and knowledge files that reduce made-up answers
- Test with a repeatable evaluation set and track improvements over time
- Roll out to a team with clear ownership and an update routine`,
    priceCents: 29900,
    level: "Advanced",
    topics: ["AI & ChatGPT", "Automation"],
    track: "AI Track",
    outcomes: [
      "Decide when a custom GPT beats a saved prompt or an automation",
      "Write layered instructions with scope, tone and escalation rules",
      "Prepare knowledge files the model can search reliably",
      "Connect an Action to a live API using an OpenAPI schema",
      "Measure quality with an evaluation set before and after every change",
    ],
    isFeatured: false,
    publishedAt: "2026-03-09",
    enrolledLearners: 6,
    modules: [
      {
        title: "Design the Assistant",
        description: "Scope, instructions and knowledge: the foundation of a reliable GPT.",
        lessons: [
          {
            title: "When a Custom GPT Makes Sense",
            slug: "when-a-custom-gpt-makes-sense",
            type: "video",
            summary: "A quick test for deciding whether a custom GPT is the right tool for the job.",
            contentMd: `Not every problem needs a custom GPT. This lesson gives you a quick test.

- Good candidates: tasks that repeat often, follow rules and rely on your own information
- One-off creative work is better handled with a saved prompt
- Anything that must run without a human is a job for automation, not a chat assistant
- A tour of the three GPTs you'll build: a support helper, a quote drafter and an SOP coach`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Fs5pL2xKd8W",
            durationSeconds: 600,
            isPreview: true,
          },
          {
            title: "Writing Instructions That Hold",
            slug: "writing-instructions-that-hold",
            type: "article",
            summary: "Layered instructions that keep a GPT on task when conversations get messy.",
            contentMd: `Instructions are the system prompt behind your custom GPT. They're read before every conversation and decide how the assistant behaves when things get messy, which is exactly when it matters most.

## Structure them in layers

Write instructions in clearly labelled sections, in this order:

1. **Purpose:** one sentence on what this GPT is for and who uses it.
2. **Scope:** what it should help with and, explicitly, what it should decline.
3. **Sources:** which knowledge files or actions to rely on, and what to do when they don't contain the answer.
4. **Tone and format:** voice, length and formatting rules.
5. **Escalation:** when to stop and hand over to a human, and exactly what to say.

## Be specific about uncertainty

The most important line in most business GPTs is some version of: "If the answer isn't in the knowledge files, say you don't know and offer to connect the user with the team. Never guess policies, prices or dates." Without it, the model fills gaps with plausible inventions.

## Write rules as behaviour

"Be careful with refunds" is vague. "Never promise a refund. Explain the policy from the Returns file and tell the customer the team will confirm within one business day" is testable.

## Keep them maintainable

- Use headings and short bullet points, not long paragraphs.
- Put facts that change (prices, dates, policies) in knowledge files, not in the instructions.
- Keep a changelog. When behaviour changes, you'll want to know which edit caused it.

## Test the edges first

Before trying normal questions, try the awkward ones: an angry customer, an off-topic request, a question the files can't answer, a request to ignore the instructions. If the GPT handles those well, the everyday questions usually take care of themselves.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 720,
            isPreview: false,
          },
          {
            title: "Knowledge Files That Work",
            slug: "knowledge-files-that-work",
            type: "video",
            summary: "Prepare documents so your GPT can find the right answer every time.",
            contentMd: `How to prepare documents so your GPT can find the right answer.

- One topic per file, with clear headings
- Converting PDFs and slide decks into clean text or markdown
- Writing question-and-answer sections for the things customers actually ask
- Removing outdated and contradictory information before uploading

Maya rebuilds a messy returns policy PDF into a knowledge file live, then compares the answers before and after.`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Lr7cT3nWq1B",
            durationSeconds: 840,
            isPreview: false,
          },
        ],
      },
      {
        title: "Connect Your Tools",
        description: "Give your GPT live data through Actions, safely.",
        lessons: [
          {
            title: "Actions and OpenAPI Basics",
            slug: "actions-and-openapi-basics",
            type: "video",
            summary: "What Actions are, how the schema works and how to test calls in the builder.",
            contentMd: `Actions let a GPT call an API during a conversation. This lesson demystifies the setup.

- What an OpenAPI schema is, and which parts the GPT actually reads
- Writing clear operation descriptions so the model knows when to call each endpoint
- Importing a schema and testing calls in the builder
- Reading the debug output when a call fails`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Qv4mH9sJk2C",
            durationSeconds: 1140,
            isPreview: false,
          },
          {
            title: "Build an Order-Status Action",
            slug: "build-an-order-status-action",
            type: "video",
            summary: "The course centrepiece: a support GPT that looks up real order status.",
            contentMd: `Building the centrepiece of the course: a support GPT that looks up real order status.

- A small middleware endpoint, built in n8n, that queries Shopify safely
- Returning only the fields the GPT needs: status, carrier, tracking link, estimated delivery
- Asking for the order number plus the checkout email to confirm identity
- Handling not-found and delayed orders gracefully`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Tx8wB1rLn5F",
            durationSeconds: 1380,
            isPreview: false,
          },
          {
            title: "Authentication and Privacy",
            slug: "authentication-and-privacy",
            type: "article",
            summary: "Middleware, authentication choices and data minimisation for GPTs that touch customer data.",
            contentMd: `As soon as a custom GPT can reach live data, security stops being theoretical. A few decisions up front keep customer data safe.

## Never connect the GPT straight to your store admin

Put a small middleware service between the GPT and your store. The GPT calls the middleware; the middleware calls Shopify with its own credentials. That lets you decide exactly which fields are returned and log every request. An n8n webhook workflow works well for this.

## Choose the right authentication

- **API key:** simple, and fine for internal GPTs used by your team. Rotate the key whenever someone leaves.
- **OAuth:** needed when each user should only see their own data. More setup, but the right choice for anything customer-facing that involves personal information.
- **None:** only for public, non-sensitive data such as product availability.

## Verify identity on the server

For order lookups, require two pieces of information that must match: the order number and the email used at checkout. The middleware checks both and returns nothing if they don't match. Don't rely on the GPT's instructions for this; enforce it in code.

## Return the minimum

Send status, carrier, tracking link and delivery estimate. Don't send full addresses, phone numbers or payment details, even if the model would "only use" part of them.

## Check the data settings

Review your workspace settings for whether conversations may be used to train models, and tell your team what may and may not be pasted into a chat. Write these decisions down next to the GPT's instructions so the next person to maintain it knows why they were made.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 600,
            isPreview: false,
          },
        ],
      },
      {
        title: "Test, Launch and Maintain",
        description: "Measure quality, roll out carefully and keep answers accurate over time.",
        lessons: [
          {
            title: "Build an Evaluation Set",
            slug: "build-an-evaluation-set",
            type: "article",
            summary: "Turn 'seems fine' into a score you can compare after every change.",
            contentMd: `An evaluation set is a list of test questions with the behaviour you expect. It turns "seems fine" into a score you can compare after every change.

## Build it from real questions

Pull 30-50 questions from your support inbox, chat logs or team messages. Include:

- **Common questions** (about 60%): the ones that come up every week.
- **Edge cases** (about 25%): unusual orders, policy exceptions, ambiguous wording.
- **Out-of-scope and adversarial questions** (about 15%): off-topic requests, attempts to talk it into a discount, requests to ignore the instructions.

## Write the expected behaviour, not just the answer

For each question, note what a good response must include and must not include. For example: "Must state the 30-day return window. Must not promise a refund. Should offer the returns link."

## Score simply

| Score | Meaning |
|---|---|
| 2 | Correct, complete, right tone |
| 1 | Mostly right, minor issue |
| 0 | Wrong, made up or unsafe |

Run the full set and total the score. Keep a copy of every run.

## Re-run after every change

Changed the instructions? Updated a knowledge file? Run the set again. A fix in one area often breaks another, and this is the only reliable way to notice. A spreadsheet with one column per run makes regressions easy to spot.

## Add failures to the set

Every time the GPT gets something wrong in real use, add that question to the set. Over time your evaluation set becomes a record of everything your assistant has learned to handle.`,
            videoProvider: null,
            videoUrl: null,
            durationSeconds: 600,
            isPreview: false,
          },
          {
            title: "Rolling Out to Your Team",
            slug: "rollout-to-your-team",
            type: "video",
            summary: "Launch internally first, then to customers once the GPT has earned it.",
            contentMd: `Launching your GPT internally first, then to customers once it has earned it.

- A two-week pilot with a small group and a simple feedback form
- Naming an owner who reviews feedback and updates files every week
- Writing a short guide on what to use the GPT for, and what not to
- Deciding when evaluation scores are high enough for customer-facing use`,
            videoProvider: "youtube",
            videoUrl: "https://www.youtube.com/embed/Wn2dK6pRv9H",
            durationSeconds: 720,
            isPreview: false,
          },
        ],
      },
    ],
    reviews: [
      {
        learner: "priya-nair",
        rating: 5,
        comment:
          "My support GPT now answers most questions from our wholesale partners. The evaluation set lesson is the most useful thing I've learned about AI this year.",
        date: "2026-04-02",
      },
      {
        learner: "marcus-oyelaran",
        rating: 5,
        comment:
          "The order-status Action build is worth the price on its own. Clear, careful about security, and it actually works with real data.",
        date: "2026-04-28",
      },
      {
        learner: "daniel-kowalski",
        rating: 4,
        comment:
          "Advanced and dense in places, exactly as advertised. I'd have liked one more worked OAuth example, but the middleware approach is spot on.",
        date: "2026-05-19",
      },
      {
        learner: "jamal-price",
        rating: 5,
        comment:
          "I now set up custom GPTs for clients using this exact process. The layered instructions template gets results every time.",
        date: "2026-07-07",
      },
    ],
  },
];

// ---------------------------------------------------------------------------------------------
// Blog posts
// ---------------------------------------------------------------------------------------------

export const DEMO_POSTS: DemoPost[] = [
  {
    slug: "how-to-price-your-products",
    title: "How to Price Your Products: A Field Guide for Shopify Store Owners",
    excerpt:
      "Underpricing quietly sinks more small stores than bad marketing does. Here's the step-by-step method I use to set prices that cover every cost and still feel fair to customers.",
    category: "Shopify",
    tags: ["pricing", "margins", "shopify", "product strategy"],
    publishedAt: "2025-04-14",
    viewCount: 4820,
    contentMd: `Pricing was the thing I got most wrong in my first store. In 2013 I sold hand-dyed linen napkins for $18 a set, because that's what similar napkins cost elsewhere. Six months later I had steady orders, sore hands and almost no money in the bank. I hadn't counted my shipping supplies, the payment fees, the napkins that came out of the dye bath the wrong colour, or my own time.

This guide is the method I wish I'd used from day one. It works for physical products of almost any kind, and you can get through your whole catalogue in an afternoon.

## Step 1: Find your true landed cost

Your landed cost is everything it takes to get one sellable unit onto your shelf. Most new store owners only count the first line.

### What to include

- **Product cost:** what you pay the supplier, or what the materials cost per unit.
- **Inbound shipping and duties:** divide the total freight bill by the number of units.
- **Packaging:** box, mailer, tissue, stickers, inserts.
- **Waste and defects:** if 1 in 20 units is unsellable, add 5% to the cost.
- **Labour:** if you make or assemble the product, count your time at an hourly rate you'd be willing to pay someone else.

### A worked example

Here's the landed cost for a linen apron I sold for several years:

| Cost item | Per unit |
|---|---|
| Fabric and thread | $9.40 |
| Sewing (outsourced) | $6.00 |
| Inbound freight | $1.10 |
| Packaging and label | $1.35 |
| Defect allowance (4%) | $0.72 |
| **Landed cost** | **$18.57** |

When I first priced it, I had the cost down as $15.40. That gap of more than three dollars per unit was the difference between a healthy product and an expensive hobby.

## Step 2: Add the costs of selling

Landed cost gets the product to you. Selling it costs more:

- **Payment processing:** typically around 3% of the order plus a small fixed fee.
- **Outbound shipping:** whatever part of it you don't charge the customer for.
- **Apps and subscriptions:** divide your monthly software bill by your monthly orders.
- **Marketing:** your average cost to win a customer, if you run ads.
- **Returns:** your return rate multiplied by what a return costs you to handle.

You don't need perfect numbers. A rough average per order is enough to stop you from pricing at a loss.

## Step 3: Choose a target margin

Contribution margin is what's left from each sale after product and selling costs. It pays for everything else: your salary, new stock, the photographer, the mistakes.

> A useful rule for small product businesses: aim for a contribution margin of at least 30% after all variable costs, including ads. Below 20%, one bad month can wipe out a quarter's profit.

A quick way to reach a starting price is a multiplier on landed cost:

| Business type | Typical starting multiplier |
|---|---|
| Handmade goods | 3× to 4× landed cost |
| Private-label products | 2.5× to 3.5× |
| Resold branded goods | 1.6× to 2× (often set by the brand) |
| Print-on-demand | 1.8× to 2.5× |

For my apron, 2.5× gave $46. After selling costs of about $9 per order, that left a contribution margin of roughly 40%. Healthy, and with room to run the occasional promotion.

## Step 4: Check the market, but don't copy it

Now look at competitors. You're not looking for a number to match; you're checking whether your price makes sense for what you offer.

### Questions to ask

1. Where does my price sit: bottom, middle or top of the range?
2. What do the more expensive competitors offer that I don't: better photos, stronger reviews, a story, a guarantee?
3. What do I offer that the cheaper ones don't?

If you're at the top of the range with nothing to show for it, fix the offer before cutting the price. Better photos, a clearer product page and a handful of genuine reviews often justify a higher price more effectively than any discount.

## Step 5: Make the price easy to say yes to

Pricing psychology matters less than people think, but a few details help:

- **Round or charm prices:** $46 and $45.95 both work. Pick one style and use it everywhere.
- **Anchors:** show a bundle or a premium option next to the standard one, so the standard price looks reasonable.
- **Free-shipping thresholds:** set them just above your average order value to encourage a second item.
- **Compare-at prices:** only when the higher price was real. Invented "was" prices damage trust fast.

## Step 6: Test, then raise prices with confidence

Most small stores are underpriced. If your conversion rate is healthy and customers rarely mention price in reviews or emails, test an increase.

Here's the simple process I use:

1. Raise the price of one product by 10-15%.
2. Leave everything else the same for four weeks.
3. Compare units sold, conversion rate and total contribution margin with the previous four weeks.

If total margin went up, keep the new price. If units dropped so much that total margin fell, go back, improve the product page, and try again in a couple of months.

## Common pricing mistakes

- **Pricing from your own budget.** You are not always your customer. What feels expensive to you may feel perfectly normal to them.
- **Forgetting to reprice.** Supplier and shipping costs rise. Review your landed costs every six months.
- **Permanent discounts.** If a product is always on sale, the sale price is the real price, and customers know it.
- **Ignoring your time.** Your hours are a cost, even if you don't pay yourself yet.

## Your pricing checklist

Run through this for every product before it goes live:

- Landed cost calculated, including packaging, waste and labour
- Selling costs estimated per order
- Contribution margin of at least 30% at the planned price
- Price checked against three competitors
- A review date set for six months from now

Pricing isn't a one-time decision; it's a habit. Get the maths right once, revisit it twice a year, and you'll never again wonder why a busy month left so little in the bank.

If you'd like to work through this with guidance, the pricing worksheet in **Shopify 101** walks you through every step for your first five products.`,
  },
  {
    slug: "product-pages-that-convert",
    title: "Seven Fixes for Product Pages That Get Views but No Sales",
    excerpt:
      "Plenty of traffic but hardly any orders? The problem is usually on the product page itself. Here are the seven fixes I check first, and most of them take less than an hour.",
    category: "Shopify",
    tags: ["conversion", "product pages", "shopify"],
    publishedAt: "2024-06-10",
    viewCount: 3110,
    contentMd: `If a product gets plenty of visits but few sales, the page is usually the problem, not the traffic. These are the seven fixes I check first, roughly in order of how often they make a difference.

## The seven fixes

1. **Show the price and shipping cost early.** Surprise costs at checkout are one of the most common reasons people abandon a cart. Put a line like "Free shipping over $50, ships in 2 days" right under the price.
2. **Lead with your best photo.** The first image should show the whole product clearly on a clean background. Save lifestyle shots for images two to four.
3. **Answer sizing and fit questions on the page.** A size chart in a pop-up is fine. A size chart on a separate page is not.
4. **Rewrite the first sentence.** It should say who the product is for and why it's better, not repeat the product name.
5. **Add reviews, even a few.** Three genuine reviews with photos beat an empty review section. Email your first customers and ask them.
6. **Remove distractions.** Pop-ups that appear within five seconds, auto-playing video and a row of badges all compete with the Add to cart button.
7. **Check it on a phone.** Most visits happen on mobile. If the Add to cart button sits below two screens of content, move it up.

## How to test your fixes

Change one or two things at a time and give each change two weeks. Track the conversion rate of that product specifically, not the whole store, so a big sale somewhere else doesn't hide the result.

## The quickest win

If you only have an hour, do numbers one and four. Clear costs and a sharp first sentence have fixed more of the pages I've reviewed than any app I've tried.`,
  },
  {
    slug: "chatgpt-product-descriptions-without-the-fluff",
    title: "How to Get ChatGPT to Write Product Descriptions Without the Fluff",
    excerpt:
      "AI product copy tends to read like a brochure from nowhere. A spec sheet, a short voice brief and one firm rule fix most of it. Here's the prompt structure I use every week.",
    category: "AI / ChatGPT",
    tags: ["chatgpt", "copywriting", "prompts"],
    publishedAt: "2024-10-02",
    viewCount: 2650,
    contentMd: `Ask ChatGPT for a product description with no guidance and you'll get something like "Elevate your everyday with our thoughtfully crafted essential." It's grammatical, it's enthusiastic, and it tells the shopper nothing at all.

The fix isn't a magic phrase. It's giving the model what a good copywriter would ask for before starting.

## Give it facts, not a product name

Paste a spec sheet: materials, dimensions, care instructions, what's included, who it's for. Then add one rule: use only these facts. Most invented details, like a lifetime guarantee you never offered, come from prompts that left the model to fill the gaps.

## Give it a voice

Paste three or four lines describing how your brand sounds, plus one description you're proud of as an example. "Warm, practical, a little dry; never uses the words premium, elevate or luxury" does more than any amount of "make it engaging".

## Give it a structure

Here's the prompt I use, with the product details swapped in each time:

> You are writing product copy for [store], which sells [category] to [customer]. Using only the facts below, write one opening sentence saying who this is for and why it's better, four bullet points on benefits, and a short details section. Keep it under 130 words and follow the voice notes. After the description, list any fact you were unsure about.

## Edit like an editor

Read the draft aloud and cut anything you wouldn't say to a customer at a market stall. Check every claim against the spec sheet. Then publish it and move on to the next product.

Once your voice notes and spec sheets exist, the whole process takes about five minutes per product. That's the real time saving: not skipping the thinking, but doing it once and reusing it.`,
  },
  {
    slug: "prompt-mistakes-that-waste-your-time",
    title: "Five Prompt Mistakes That Waste Your Time (and What to Do Instead)",
    excerpt:
      "Most disappointing AI answers start with a rushed prompt. These five habits cost our students the most time, and each one has a simple fix you can start using today.",
    category: "AI / ChatGPT",
    tags: ["prompting", "productivity", "ai"],
    publishedAt: "2025-08-19",
    viewCount: 1870,
    contentMd: `After reviewing thousands of prompts from students, I see the same five mistakes again and again. Each one is easy to fix once you notice it.

## 1. Asking instead of instructing

"Can you help me with an email to a supplier?" invites a generic answer. "Write a 100-word email asking our supplier to move the delivery date from March 3 to March 10, polite but firm" gets you something you can actually send.

## 2. Leaving out the context

The model doesn't know your business, your customer or your goal. Two sentences of background usually improve the answer more than any clever wording.

## 3. Asking for everything at once

"Write a full marketing plan for my launch" produces a shallow overview. Ask for an outline first, pick the parts you need, then develop each one in its own prompt.

## 4. Using adjectives instead of examples

"Make it punchy and professional" means something different to everyone. Paste an example of writing you like and say "match this style."

## 5. Accepting the first draft

The first answer is a starting point. Reply with specific feedback: "shorter", "cut the second paragraph", "too formal for our customers". Two rounds of precise feedback beat starting over with a brand-new prompt.

## A ten-second habit that fixes most of this

Before you press enter, check your prompt for five things: a role, a task, context, a format and a way to check the answer. It takes ten seconds. We teach the full framework in **The Perfect Prompt**, but you can start using the checklist today.`,
  },
  {
    slug: "first-n8n-workflow-order-alerts",
    title: "Build Your First n8n Workflow: Shopify Order Alerts in Slack",
    excerpt:
      "A complete walkthrough of the first automation every store should build: a Slack message for each new Shopify order, big orders flagged, and errors caught before they cost you.",
    category: "Automation",
    tags: ["n8n", "shopify", "slack", "tutorial"],
    publishedAt: "2025-11-03",
    viewCount: 2240,
    contentMd: `The first automation I recommend to every store owner isn't clever. It's a message in your team chat every time an order comes in. That sounds trivial, but it changes how a small team works: everyone sees sales as they happen, problems get noticed sooner, and the big orders get a personal thank-you note the same day.

In this walkthrough we'll build it in n8n, step by step, and make it reliable enough to leave running. Set aside 30 to 45 minutes.

## What you'll need

- An n8n instance (n8n Cloud or self-hosted; either works)
- A Shopify store where you can create an app with access to orders
- A Slack workspace and a channel for order alerts

## How the workflow fits together

Here's the overview before we build anything:

| Step | Node | What it does |
|---|---|---|
| 1 | Shopify Trigger | Fires when an order is created |
| 2 | Edit Fields (Set) | Picks out the fields we need and formats them |
| 3 | IF | Checks whether the order is above a value threshold |
| 4a | Slack | Posts a highlighted message for big orders |
| 4b | Slack | Posts a standard message for everything else |

Five nodes. That's the whole thing.

## Step 1: Connect Shopify

### Create the credentials

In Shopify, create an app for your store with read access to orders, and copy its credentials. In n8n, create a new Shopify credential and paste them in along with your store's subdomain. Never paste API keys directly into node fields: credentials are stored encrypted, node fields are not.

### Add the trigger

Add a **Shopify Trigger** node and choose the order-created topic. n8n registers the webhook with Shopify for you when the workflow is activated.

While you're building, place one test order in your store so the trigger has real data to show. Then pin that data in the node, so you can keep testing without creating more orders.

## Step 2: Shape the data

Shopify sends dozens of fields for each order. Slack needs six. Add an **Edit Fields (Set)** node and create these fields with expressions:

\`\`\`text
orderName  = {{ $json.name }}
customer   = {{ $json.customer?.first_name ?? 'Guest' }}
total      = {{ Number($json.total_price).toFixed(2) }}
currency   = {{ $json.currency }}
itemCount  = {{ $json.line_items.length }}
shipping   = {{ $json.shipping_lines[0]?.title ?? 'No shipping' }}
\`\`\`

Optional chaining (\`?.\`) and the \`??\` fallback stop the workflow from failing when a field is missing, such as a guest checkout without a customer record or a digital product with no shipping line.

### Why shape the data first?

You could write these expressions straight into the Slack message. Shaping first keeps each node simple, makes the output panel easier to read, and means you only fix a field name in one place if the data ever changes.

## Step 3: Flag high-value orders

Add an **IF** node with one condition: \`total\` is greater than or equal to your threshold. Pick a number that represents a genuinely good order for your store; about three times your average order value is a sensible start.

Orders above the threshold go down the true branch; everything else goes down the false branch.

## Step 4: Write the Slack messages

Add a **Slack** node to each branch, both posting to your orders channel.

### Standard message

\`\`\`text
New order {{ $json.orderName }}: {{ $json.itemCount }} item(s), {{ $json.total }} {{ $json.currency }}, {{ $json.shipping }}
\`\`\`

### High-value message

\`\`\`text
:tada: Big order {{ $json.orderName }} from {{ $json.customer }}: {{ $json.total }} {{ $json.currency }}. Someone send a thank-you note today!
\`\`\`

A note on privacy: post first names only, never full addresses, emails or phone numbers. Team chat is rarely the right place for customer data, and you don't need it there.

## Step 5: Make it reliable

A workflow that fails quietly is worse than no workflow. Before you switch it on:

1. **Turn on retries** in the settings of both Slack nodes: three tries, a few seconds apart. This absorbs brief outages and rate limits.
2. **Create an error workflow** that starts with the Error Trigger node and emails you the failure details. Select it in this workflow's settings.
3. **Test the edge cases:** a guest checkout, a one-item order, a twenty-item order and an order in a different currency.
4. **Activate** the workflow and place one final real order.

> Rule of thumb: if you wouldn't notice a workflow stopping for a week, it needs an error workflow and a daily health check.

## Common problems and fixes

| Symptom | Likely cause | Fix |
|---|---|---|
| Trigger never fires | Workflow not active, or the webhook was removed | Deactivate and reactivate to register the webhook again |
| Message shows "undefined" | A field is named differently than expected | Check the trigger's output panel and correct the expression |
| Duplicate messages | Shopify retried the webhook after a slow response | Keep the workflow fast, and deduplicate on order ID if needed |
| Slack says the app is not in the channel | The Slack app was never added to that channel | Invite the app to the channel |

## Where to go next

Once this is running, you've learned the pattern behind most store automations: trigger, shape, decide, act, and catch errors. Natural next steps:

- A daily low-stock digest using the Schedule trigger
- Logging every order to a spreadsheet for your bookkeeper
- Routing support emails by topic with an AI node

We build all three, plus webhook signature checks and API pagination, in **n8n Automation for E-commerce**. But don't wait for a course to get value from this one. Set it up today and watch how quickly your team starts talking about orders as they come in.`,
  },
  {
    slug: "automations-every-small-store-needs",
    title: "Four Automations Every Small Store Should Run",
    excerpt:
      "You don't need fifty workflows. These four cover the jobs that eat the most time in a small store, and each one can be built in an afternoon with n8n or a similar tool.",
    category: "Automation",
    tags: ["automation", "n8n", "operations"],
    publishedAt: "2026-02-09",
    viewCount: 960,
    contentMd: `When people discover automation tools, they tend to build everything at once and end up maintaining a tangle of half-working workflows. Start with these four instead. Together they save most small stores several hours a week.

## 1. Order alerts

A message in your team chat for every new order, with big orders highlighted. It keeps everyone close to sales and makes same-day thank-you notes easy. It's the best first workflow because it's simple, and you'll notice immediately if it breaks.

## 2. Low-stock digest

A scheduled check every morning that lists products below their reorder point. One message a day, not one per product. Running out of a best seller for two weeks can cost more than a month of ad spend.

## 3. Review requests

An email sent a set number of days after delivery, not after purchase, asking for a review and a photo. Timing it to delivery makes a real difference: people review products they've actually used.

## 4. Weekly numbers

Every Monday morning, a summary of last week's sessions, orders, average order value and top products, delivered to your inbox. You'll look at your numbers because they come to you.

## Build them in this order

Each workflow teaches something the next one uses: triggers, schedules, delays and combining data. By the fourth, you'll understand the tool well enough to automate whatever is specific to your own business.

## One rule for all of them

Give every workflow an error alert. An automation that silently stops is worse than none at all, because everyone assumes the job is still being done.`,
  },
  {
    slug: "the-90-minute-weekly-review",
    title: "The 90-Minute Weekly Review That Keeps My Store on Track",
    excerpt:
      "Every Friday afternoon I block ninety minutes to look back, clean up and plan ahead. It's the habit that has done the most for my stores, and here's exactly how it works.",
    category: "Execution",
    tags: ["planning", "habits", "execution"],
    publishedAt: "2024-03-18",
    viewCount: 1420,
    contentMd: `For years I ran my store from my inbox. Whatever was loudest got done. The business grew, but the growth was accidental. What fixed it wasn't a new tool; it was ninety minutes every Friday.

## Part 1: Look back (30 minutes)

- Open your weekly numbers: sessions, orders, conversion rate, average order value, margin.
- Write one sentence about what changed, and why you think it changed.
- Read every review and support conversation from the week. Note anything that came up twice.

## Part 2: Clean up (20 minutes)

- Clear your inbox down to the things that need real thought.
- Update stock counts and reorder anything running low.
- Close open loops: unanswered supplier emails, half-finished product pages, unpaid invoices.

## Part 3: Plan ahead (40 minutes)

Choose **one** main goal for next week. Not five. One. For example: "Rewrite the three lowest-converting product pages" or "Launch the spring bundle."

Then list the tasks that goal needs and block time for them in your calendar before the week starts. If it isn't in the calendar, it usually doesn't happen.

## Why ninety minutes

Shorter reviews get rushed and turn into inbox time. Longer ones become a chore you start skipping. Ninety minutes is long enough to think and short enough to protect.

## Make it stick

Put it in your calendar as a recurring meeting with yourself, and use the same document every week so you can scroll back through the story of your business. After two months, you'll be surprised how much of your progress traces back to a Friday afternoon.`,
  },
  {
    slug: "ship-before-you-feel-ready",
    title: "Ship Before You Feel Ready: What Thirteen Years of Launches Taught Me",
    excerpt:
      "Every launch I delayed to make it perfect did worse than the ones I shipped rough and improved in public. Here's what thirteen years of launches taught me about timing.",
    category: "Execution",
    tags: ["launching", "mindset", "execution"],
    publishedAt: "2026-09-28",
    viewCount: 312,
    contentMd: `I've launched two stores, dozens of product lines, a fulfillment service and this school. Looking back, the launches I delayed to polish did worse than the ones I shipped rough and improved in public. Every single time.

## Why waiting feels safe

Waiting feels responsible. One more round of photos, one more feature, one more week to get it right. But until real customers see the thing, you're polishing your guesses. You don't know which parts matter until someone pays, complains or asks a question you didn't expect.

## What "ready enough" looks like

I ask three questions before any launch:

1. **Does it work?** A customer can find it, buy it and receive it without help.
2. **Is it honest?** The description, photos and promises match what they'll get.
3. **Can I fix it quickly?** If something's wrong, I can change it within a day.

If all three answers are yes, it ships. Everything else, from nicer photos to a second colour to a slicker page, goes on a list for after launch.

## Launch small, then widen

A soft launch to your email list or a few hundred followers gives you real feedback with low stakes. Fix what they find, then tell everyone else. You still get your big moment, just with fewer surprises.

## The cost of one more week

Every week of delay is a week of lost learning, lost sales and lost momentum. Perfection isn't free; you pay for it with time you won't get back.

So pick a date. Tell someone. Ship the version you have, and make the next one better.`,
  },
  {
    slug: "introducing-vibe-coding-with-lovable",
    title: "New Course: Vibe Coding with Lovable",
    excerpt:
      "Our newest course shows non-developers how to plan, build and launch real web apps with Lovable, from a one-page spec to a live portal on your own domain. Here's what's inside.",
    category: "Announcements",
    tags: ["announcement", "lovable", "new course"],
    publishedAt: "2025-10-13",
    viewCount: 730,
    contentMd: `Today we're opening enrolment for **Vibe Coding with Lovable**, the first course in our new Builder Track.

## Why we made it

Over the past year, more and more students have asked the same question: "Can I build the tool I need myself?" Not long ago the honest answer was "only with a developer and a real budget." AI builders like Lovable have changed that. Store owners in our community are now building wholesale portals, quote calculators and internal dashboards over a weekend.

They're also hitting the same walls: apps that fall apart after the tenth prompt, credits burned going in circles, and uncertainty about whether customer data is safe. This course is our answer to all three.

## What's inside

- **9 lessons across 4 modules**, from planning to launch
- A complete build of a wholesale order portal with login and a database
- The one-page spec template we use for every app
- A debugging checklist that saves hours of back-and-forth
- Honest guidance on when to bring in a developer

## Who it's for

Store owners, operators and freelancers who want to build practical tools without learning to code from scratch. If you can write a clear email, you can write a good build prompt.

## Price and access

The course is $229 as a one-time purchase, and it's included for all-access members at no extra cost. The first lesson is free to preview, so you can see the teaching style before you decide.

We can't wait to see what you build.`,
  },
];

// ---------------------------------------------------------------------------------------------
// Playbooks
// ---------------------------------------------------------------------------------------------

export const DEMO_PLAYBOOKS: DemoPlaybook[] = [
  {
    slug: "store-launch-checklist",
    title: "Store Launch Checklist",
    category: "Shopify",
    duration: "45 min",
    level: "Beginner",
    description:
      "Every setting, page and test to complete before you open your Shopify store, in the order that saves rework. Includes the two-person checkout test.",
    priceCents: null,
    courseSlug: "shopify-101",
    popularity: 96,
    updatedAt: "2026-07-14",
  },
  {
    slug: "product-page-teardown-kit",
    title: "Product Page Teardown Kit",
    category: "Shopify",
    duration: "1 hour",
    level: "Beginner",
    description:
      "A scored audit for any product page, covering photos, copy, price presentation, reviews and mobile layout. Find the three fixes that will move conversion the most.",
    priceCents: 9700,
    courseSlug: "shopify-101",
    popularity: 81,
    updatedAt: "2026-05-02",
  },
  {
    slug: "3pl-selection-scorecard",
    title: "3PL Selection Scorecard",
    category: "Shopify",
    duration: "90 min",
    level: "Intermediate",
    description:
      "The questions to ask on every 3PL sales call and a 40-point scorecard for comparing quotes fairly, so a low per-order fee can't hide expensive storage terms.",
    priceCents: 14700,
    courseSlug: "shopify-growth-and-fulfillment",
    popularity: 58,
    updatedAt: "2026-02-18",
  },
  {
    slug: "brand-voice-prompt-pack",
    title: "Brand Voice Prompt Pack",
    category: "AI / ChatGPT",
    duration: "30 min",
    level: "Beginner",
    description:
      "A fill-in brand voice brief plus twelve tested prompts for product copy, support replies and emails. Paste it into ChatGPT and get drafts that sound like you.",
    priceCents: null,
    courseSlug: "chatgpt-for-store-owners",
    popularity: 92,
    updatedAt: "2026-09-03",
  },
  {
    slug: "support-gpt-blueprint",
    title: "Support GPT Blueprint",
    category: "AI / ChatGPT",
    duration: "3 hours",
    level: "Advanced",
    description:
      "Layered instructions, knowledge file templates, an order-status Action schema and a 40-question evaluation set for a customer support GPT you can actually trust.",
    priceCents: 29700,
    courseSlug: "custom-gpts-for-business",
    popularity: 64,
    updatedAt: "2026-08-21",
  },
  {
    slug: "order-ops-automation-pack",
    title: "Order Ops Automation Pack",
    category: "Automation",
    duration: "2 hours",
    level: "Advanced",
    description:
      "Four importable n8n workflows (order alerts, low-stock digest, order log and error handler) with setup notes for each. Connect your credentials and go live the same day.",
    priceCents: 19700,
    courseSlug: "n8n-automation-for-ecommerce",
    popularity: 77,
    updatedAt: "2026-06-09",
  },
  {
    slug: "weekly-numbers-on-autopilot",
    title: "Weekly Numbers on Autopilot",
    category: "Automation",
    duration: "75 min",
    level: "Intermediate",
    description:
      "Build a Monday-morning email with last week's sessions, orders, average order value and top products, pulled from Shopify automatically.",
    priceCents: 14700,
    courseSlug: "n8n-automation-for-ecommerce",
    popularity: 55,
    updatedAt: "2025-12-01",
  },
  {
    slug: "weekend-app-sprint",
    title: "Weekend App Sprint",
    category: "Execution",
    duration: "4 hours",
    level: "Intermediate",
    description:
      "A two-day plan for building and launching a small internal tool with Lovable: spec on Saturday morning, build through Sunday afternoon, live by Sunday night.",
    priceCents: 19700,
    courseSlug: "vibe-coding-with-lovable",
    popularity: 49,
    updatedAt: "2026-03-27",
  },
  {
    slug: "friday-weekly-review",
    title: "The Friday Weekly Review",
    category: "Execution",
    duration: "90 min",
    level: "Beginner",
    description:
      "The review template Maya uses every Friday: look back, clean up, plan one goal. Includes prompts that summarise a week of reviews and support emails in minutes.",
    priceCents: 9700,
    courseSlug: "the-perfect-prompt",
    popularity: 70,
    updatedAt: "2026-10-05",
  },
];

// ---------------------------------------------------------------------------------------------
// Testimonials
// ---------------------------------------------------------------------------------------------

export const DEMO_TESTIMONIALS: DemoTestimonial[] = [
  {
    name: "Renata Silva",
    role: "Founder, Casa Renata Ceramics",
    rating: 5,
    quote:
      "I'd tried to launch twice before and stalled both times at the theme stage. Shopify 101 gave me a sequence to follow and a checklist for every step, and I finally opened the store in March. We passed 200 orders last month, and I still run the pre-launch checklist whenever we add a new collection.",
    category: "Shopify",
    source: "email",
    date: "2025-05-14",
  },
  {
    name: "Jonah Whitfield",
    role: "Owner, Trailhead Supply Co.",
    rating: 5,
    quote: "The 3PL scorecard saved us from signing a contract with hidden storage fees. Worth the price on its own.",
    category: "Shopify",
    source: "trustpilot",
    date: "2025-08-03",
  },
  {
    name: "Ama Boateng",
    role: "Print-on-demand seller",
    rating: 4,
    quote:
      "The free-shipping threshold lesson took my average order from $31 to $39 in a month. The dashboard template is now my Monday ritual.",
    category: "Shopify",
    source: "x",
    date: "2026-01-22",
  },
  {
    name: "Clara Jensen",
    role: "E-commerce copywriter",
    rating: 5,
    quote:
      "I was worried AI would make my writing sound like everyone else's. The brand voice brief did the opposite: my first drafts now sound more like my clients than when I wrote them from scratch, and my turnaround has dropped from three days to one.",
    category: "AI / ChatGPT",
    source: "trustpilot",
    date: "2024-11-19",
  },
  {
    name: "Tariq Aziz",
    role: "Head of Support, Bloom & Barrow",
    rating: 5,
    quote:
      'Our custom GPT now handles order status and returns questions for our wholesale partners, and it says "I don\'t know" when it should. The evaluation set is what convinced our leadership to trust it. Ticket time went from about 40 hours a week to 15.',
    category: "AI / ChatGPT",
    source: "email",
    date: "2026-05-30",
  },
  {
    name: "Dev Patel",
    role: "Freelance automation consultant",
    rating: 5,
    quote:
      "Finally, an n8n course that covers error workflows and handover, not just happy-path demos. My client projects are better for it.",
    category: "Automation",
    source: "x",
    date: "2025-09-09",
  },
  {
    name: "Helen Murphy",
    role: "Operations Manager, Northwind Teas",
    rating: 5,
    quote:
      "We used to copy orders into a spreadsheet by hand every morning. Now that runs on its own, low-stock alerts arrive before we run out, and our bookkeeper gets a weekly summary without having to ask. Maya's lessons are clear enough that I built all of it without a developer.",
    category: "Automation",
    source: "email",
    date: "2026-02-25",
  },
  {
    name: "Marco Bellini",
    role: "Founder, Bellini Leather Goods",
    rating: 4,
    quote:
      "The Friday weekly review sounded too simple to matter. Six months in, it's the reason we launched two product lines on schedule instead of talking about them for another year. I'd love more templates for teams, but the core habit is gold.",
    category: "Execution",
    source: "trustpilot",
    date: "2025-03-07",
  },
  {
    name: "Yuki Sato",
    role: "Solo founder, Kumo Stationery",
    rating: 5,
    quote:
      "Went from idea to a live wholesale portal in one weekend with the Vibe Coding course. The one-page spec habit changed how I start every project.",
    category: "Execution",
    source: "x",
    date: "2026-08-12",
  },
];
