import type { LegalPageSlug } from "~/lib/domain-values";

/**
 * The demo's legal texts (docs/decisions/052-make-it-yours.md): the Markdown a school shows until
 * its owner saves their own in Admin → Pages, and what the dashboard compares against to tell the
 * owner a page still holds the demo's words. {school}, {monthly price} and {yearly price} are
 * filled from Settings when the page is shown. Each `## ` heading is a numbered section with its
 * own anchor and an entry in the table of contents.
 */
export const DEMO_LEGAL_TEXTS: Record<LegalPageSlug, string> = {
  privacy: `This policy explains what information {school} collects when you use the site, why, and the choices you have.

## Information We Collect

We collect only what we need to run your account and the courses you take:

- Account details you give us: your name, email address, password (stored only as a secure hash) and, if you add one, a profile photo.
- Learning activity: the courses you can access, the lessons you complete and where you stopped in a video.
- Purchases: what you bought, when, and the amount. Card details are handled by our payment provider and never reach our servers.
- Messages: what you send through the contact form or to our support address, and your newsletter subscription status.
- Technical data: your IP address, browser and device type, recorded in server logs for security and troubleshooting.

## How We Use Information

We use your information to:

- create and secure your account, and sign you in;
- give you access to the courses you bought or that your membership includes, and remember your progress;
- process payments, refunds and membership renewals;
- answer your questions and send service emails such as receipts, password resets and account confirmations;
- send the playbooks newsletter, only if you subscribed and confirmed your address;
- understand which lessons help learners most, so we can improve the courses.

We do not sell your information, and we do not use it for advertising profiles.

## Information Sharing

We share information only with service providers that help us run the site, and only as much as each one needs:

- our payment provider, to take payments and issue refunds;
- our email delivery provider, to send account emails and the newsletter;
- our hosting and storage providers, which keep the site and its files running.

These providers may use the information only on our instructions. We may also disclose information if the law requires it, or to protect the safety of our learners and our service.

## Data Security

Connections to the site are encrypted. Passwords are stored as salted hashes, sessions use secure, HTTP-only cookies, and two-factor authentication is available for every account. Access to our systems is limited to the people who need it. No system is perfectly secure, so if we ever learn of a breach that affects your information we will tell you without undue delay.

## Your Rights

You can, at any time:

- see and correct your account details on your account page;
- ask for a copy of the information we hold about you;
- ask us to delete your account and its information, except what we must keep for tax and accounting records;
- unsubscribe from the newsletter with the link in every email.

To use any of these rights, [contact us](/contact). We reply within 24-48 hours and complete requests within 30 days.

## Cookies

We use only the cookies the site needs to work: a session cookie that keeps you signed in and security cookies that protect forms. We do not use advertising or cross-site tracking cookies, and the site loads no fonts or scripts from other companies.

## Policy Updates

We may update this policy when the site or the law changes. The date at the top of this page shows the latest version. If a change affects how we use information you have already given us, we will email you before it takes effect.
`,
  terms: `These terms explain what you can expect from {school} and what we expect from you. We have kept them short and readable.

## Agreement

By creating an account, buying a course or joining the membership you agree to these terms. If you do not agree, please do not use the site. You must be at least 16 years old, or have a parent's or guardian's permission, to create an account.

## Your Account

Keep your password private and your email address up to date: it is where we send receipts and password resets. You are responsible for what happens in your account.

An account is for one person. Sharing a login or reselling access is not allowed, and we may suspend accounts that do.

## Courses and Purchases

Prices are shown in US dollars and include everything you pay us; your bank may add its own fees. When you buy an individual course you get lifetime access to it: its lessons, files and future updates, for as long as {school} operates.

"Lifetime" means the lifetime of the product. If we ever close the school, we will give at least 90 days' notice so you can download your course files.

## All-Access Membership

The membership costs {monthly price} per month or {yearly price} per year and renews automatically at the end of each period until you cancel. It gives access to every published course, the files, the weekly live Q&A, priority support and early access to new courses while it is active.

You can cancel anytime from your account. Your access continues until the end of the period you have paid for, and then stops. Courses you bought individually are not affected.

## Refunds

Refunds follow our [refund policy](/refund): in short, a full refund of a course within 14 days of purchase if you have completed less than 30% of its lessons. A refund ends your access to that course.

## Acceptable Use

Please don't:

- download, copy or share lesson videos except through the features the site provides;
- post course materials publicly or sell them;
- try to get into accounts or parts of the site that are not yours, or disrupt the service;
- harass other learners or our team.

## Content and Ownership

The courses, videos, playbooks and templates belong to {school}. Your purchase gives you a personal licence to use them, including in your own business: you may adapt the templates and prompts for your own store. What you create with them is yours.

## Disclaimer and Liability

We teach methods that have worked for us and our learners, but we cannot promise any particular business result. The site is provided as it is; to the extent the law allows, our liability for any claim is limited to the amount you paid us in the 12 months before it.

## Changes and Contact

We may update these terms; the date above shows the current version, and we will email you about changes that affect your purchases. Questions? [Contact us](/contact) and we'll reply within 24-48 hours.
`,
  refund: `We want you to be happy with what you buy. This policy says exactly when you can get your money back, for individual courses and for the all-access membership.

## Individual Courses

If a course isn't right for you, you can get a full refund when both of these are true:

- you ask within 14 days of the purchase, and
- you have completed less than 30% of the course's lessons.

For example, in a 12-lesson course you can have completed up to 3 lessons. After 14 days, or once you've completed 30% or more of the lessons, the purchase is final.

## Membership

You can cancel the monthly or yearly membership anytime from your account. Cancelling stops the next renewal; your access continues until the end of the period you have already paid for.

We don't give partial refunds for the unused part of a month or a year.

## What Happens After a Refund

A refund removes your access to the course straight away, together with its files. Your lesson progress is kept, so if you buy the course again later you can pick up where you left off.

## How to Ask for a Refund

[Contact us](/contact) with the email address you bought with and the name of the course. We reply within 24-48 hours. The money goes back to the card or account you paid with; banks usually take 5–10 business days to show it.

## Fair Use

This policy is meant for people who find a course isn't for them. If we see a pattern of buying, downloading and refunding, we may decline further refunds on that account.
`,
};
