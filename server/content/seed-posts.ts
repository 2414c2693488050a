/**
 * The resource centre's first posts (issue 18): our own guides for buyers, sellers, borrowers, renters and
 * guests, with their tags and pictures (drawn in seed-illustrations.ts). Idempotent like the rest of the seed:
 * a post or tag whose slug exists is left alone (an editor's changes survive a restart), missing ones are
 * added with publish dates spread over the last months. Outside production the demo editor
 * (editor@hearth.example, server/seed/data.ts) gets the editor flag.
 */
import type { Database } from '../db';
import { uploadStorage } from '../storage';
import { findPostImage, seedPicture, storePostImage } from './images';
import { POST_IMAGE_WIDTHS } from './post-sizes';
import { renderMarkdown, readingMinutes } from './markdown';
import type { PostImageRecord } from './posts';
import { illustrationSvg, PALETTES, type Motif, type Palette } from './seed-illustrations';

export const DEMO_EDITOR_EMAIL = 'editor@hearth.example';

export const SEED_TAGS = [
  { slug: 'buying', title: 'Buying a home', subtitle: 'From the first search to the keys.' },
  { slug: 'selling', title: 'Selling a home', subtitle: 'Pricing, preparing and closing the sale.' },
  { slug: 'mortgage', title: 'Mortgages', subtitle: 'Loans, rates and what you really pay.' },
  { slug: 'renting', title: 'Renting', subtitle: 'Finding, applying for and keeping a rental.' },
  { slug: 'stays', title: 'Short stays', subtitle: 'Booking homes by the night.' },
  { slug: 'market', title: 'Market explainers', subtitle: 'What the numbers of the housing market mean.' },
] as const;

type TagSlug = (typeof SEED_TAGS)[number]['slug'];

interface SeedPost {
  slug: string;
  title: string;
  subtitle: string;
  metaDescription: string;
  highlights: string[];
  tags: TagSlug[];
  /** How long ago it was published. */
  daysAgo: number;
  image: { motif: Motif; palette: Palette; alt: string };
  /** A YouTube video on the topic, shown in the privacy-enhanced player (youtube-nocookie.com) under the post. */
  videoCode?: string;
  markdown: string;
}

export const SEED_POSTS: readonly SeedPost[] = [
  {
    slug: 'first-home-buying-checklist',
    title: 'Your first home: a step-by-step buying checklist',
    subtitle: 'What to do, in what order, from the first budget to the day you get the keys.',
    metaDescription: 'A practical checklist for first-time buyers: budget, pre-approval, searching, touring, offers, inspection, appraisal and closing.',
    highlights: [
      'Get pre-approved before you tour seriously: sellers take your offer more seriously.',
      'Budget for closing costs and moving, not just the down payment.',
      'Never skip the inspection contingency to win a bidding war without knowing the risk.',
    ],
    tags: ['buying', 'mortgage'],
    daysAgo: 4,
    image: { motif: 'keys', palette: PALETTES.teal, alt: 'Illustration of a house with a large front-door key beside it.' },
    markdown: `Buying your first home is a long list of small, manageable steps. Taken in order, none of them is hard. This checklist is the order we recommend.

## 1. Know your numbers

Start with the monthly payment you are comfortable with, not the largest loan a lender will offer. Add up your take-home pay, your fixed costs and what you save each month. Then use the [mortgage calculator](/mortgage/calculator) to turn a monthly budget into a price range, including property taxes, insurance and any HOA fee.

Set aside cash for three things:

- **The down payment**: from 3% to 20% or more of the price, depending on the loan.
- **Closing costs**: usually 2% to 5% of the price.
- **A cushion**: moving, first repairs and a few months of payments in case of surprises.

## 2. Get pre-approved

A pre-approval means a lender has checked your income, assets and credit and states how much it is prepared to lend. It tells you your real budget, and it tells sellers you can close. [Get pre-qualified](/mortgage/prequalify) first if you just want a quick estimate.

## 3. Search with a short list of must-haves

Write down the three things you cannot live without (a second bedroom, a short commute, a yard) and the things that would be nice. Save a search so new listings come to you, and tour the homes that pass your must-haves.

## 4. Make an offer

Your offer names the price, the deposit (earnest money), the closing date and the contingencies: the conditions under which you can walk away, usually financing, inspection and appraisal. Ask what similar homes sold for recently before you choose a price.

## 5. Inspect, appraise, close

After acceptance, book the inspection straight away. The lender orders an appraisal to confirm the home is worth the loan. Read your closing disclosure at least three days before closing, compare it with your loan estimate, and do a final walk-through.

Then sign, pay, and collect your keys.`,
  },
  {
    slug: 'how-much-house-can-you-afford',
    title: 'How much house can you afford?',
    subtitle: 'Lenders look at ratios; you should look at your month.',
    metaDescription: 'How lenders size a mortgage with debt-to-income ratios, and how to set a home budget that leaves room for the rest of your life.',
    highlights: [
      'Lenders often cap total debt payments near 43% of gross monthly income.',
      'A payment is principal, interest, taxes and insurance (PITI), plus any HOA fee.',
      'Aim for a payment you could still make if your income dipped for a few months.',
    ],
    tags: ['buying', 'mortgage'],
    daysAgo: 11,
    image: { motif: 'coins', palette: PALETTES.sand, alt: 'Illustration of a small house next to a stack of coins.' },
    markdown: `The most useful question is not "how much will a bank lend me?" but "what monthly payment lets me live well?". The two answers are often far apart.

## How lenders decide

Lenders compare your monthly debt payments with your gross (before-tax) monthly income. This is the **debt-to-income ratio** (DTI).

| Ratio | What it counts | A common limit |
|---|---|---|
| Front-end | The new housing payment alone | about 28% |
| Back-end | Housing plus car, student and card payments | about 36% to 43% |

Some loan programs allow more, but a higher ratio means less room for everything else.

## What a payment really contains

A mortgage payment is usually called **PITI**:

- **Principal**: paying down the loan.
- **Interest**: the cost of borrowing.
- **Taxes**: property taxes, often collected monthly into an escrow account.
- **Insurance**: homeowners insurance, and mortgage insurance when the down payment is under 20% on a conventional loan.

Add the HOA fee if the home has one. Two homes at the same price can differ by hundreds of dollars a month on taxes and HOA fees alone.

## Setting your own budget

1. Start from your take-home pay.
2. Subtract fixed costs, savings goals and a realistic amount for maintenance: 1% of the home's value per year is a common rule of thumb.
3. What is left is the most you should spend on PITI and HOA.

Try a few prices in the [mortgage calculator](/mortgage/calculator). If the payment only works when everything goes right, the price is too high.`,
  },
  {
    slug: 'pre-qualification-vs-pre-approval',
    // Realtor.com: "Difference Between Pre-Approved and Pre-Qualified for a Mortgage".
    videoCode: 'TqKqE1h2gus',
    title: 'Pre-qualification or pre-approval: what is the difference?',
    subtitle: 'One is a quick estimate, the other is a lender putting its name to a number.',
    metaDescription: 'Pre-qualification is a quick estimate from what you tell a lender; pre-approval is a verified commitment. When you need each one.',
    highlights: [
      'Pre-qualification takes minutes and uses the figures you give.',
      'Pre-approval verifies income, assets and credit, and carries weight with sellers.',
      'A pre-approval usually expires after 60 to 90 days: renew it if your search runs long.',
    ],
    tags: ['mortgage', 'buying'],
    daysAgo: 19,
    image: { motif: 'document', palette: PALETTES.blue, alt: 'Illustration of a signed document with a pen.' },
    markdown: `Both steps tell you roughly how much you can borrow. They differ in how much a seller can rely on them.

## Pre-qualification

You tell a lender your income, debts and savings, and it estimates a loan amount. Nothing is verified, so it takes minutes and does not affect your credit. It is the right first step when you are deciding whether to buy at all, or in which price range to look.

[Start a pre-qualification](/mortgage/prequalify) to see your range.

## Pre-approval

The lender checks what you said: pay stubs or tax returns, bank statements and a credit report. The result is a letter stating the amount and type of loan it is prepared to make, subject to the home itself (appraisal and title).

A pre-approval letter:

- shows sellers that your offer can close, which matters most when several buyers want the same home;
- surfaces problems early, such as an error on your credit report, while there is still time to fix them;
- fixes your real budget, so you do not fall for a home you cannot finance.

## Which one, when

Pre-qualify while you are exploring. Get pre-approved before you tour seriously, and certainly before you make an offer. Keep your finances steady until closing: a new car loan or a job change can change the lender's answer.`,
  },
  {
    slug: 'fixed-vs-adjustable-rate-mortgages',
    title: 'Fixed or adjustable rate: choosing a mortgage',
    subtitle: 'The trade between certainty and a lower start.',
    metaDescription: 'How fixed-rate and adjustable-rate mortgages work, what the caps on an ARM mean, and how to choose between them.',
    highlights: [
      'A fixed rate keeps principal and interest the same for the whole term.',
      'An ARM starts lower, then follows an index within caps after the fixed period.',
      'Choose an ARM only if you could afford the payment at its maximum rate.',
    ],
    tags: ['mortgage'],
    daysAgo: 27,
    image: { motif: 'scales', palette: PALETTES.olive, alt: 'Illustration of a balance weighing a small house against a box.' },
    markdown: `Most buyers choose between two kinds of loan. Neither is better in general; each suits a different plan.

## Fixed-rate mortgages

The interest rate never changes, so the principal and interest part of your payment stays the same for 15, 20 or 30 years. Taxes and insurance can still rise.

- **30-year fixed**: the lowest fixed payment, the most interest over the life of the loan.
- **15-year fixed**: a higher payment, a lower rate and far less interest in total.

## Adjustable-rate mortgages (ARMs)

An ARM has a fixed rate for an initial period, commonly 5, 7 or 10 years, then adjusts at set intervals to an index plus a margin. A "7/6 ARM" is fixed for seven years, then adjusts every six months.

Caps limit how far the rate can move:

1. the **initial cap** on the first adjustment;
2. the **periodic cap** on each later adjustment;
3. the **lifetime cap** over the starting rate.

## How to choose

Ask yourself how long you expect to keep the loan. If you will likely sell or refinance before the fixed period ends, an ARM's lower start can save real money. If you plan to stay, or your budget has little slack, the certainty of a fixed rate is worth paying for.

Whatever you choose, work out the payment at the ARM's lifetime cap. If that number would break your budget, the ARM is not for you.`,
  },
  {
    slug: 'closing-costs-explained',
    // Emmett Dempsey: "Understanding The Closing Disclosure (CD) - Mortgage Settlement Statement".
    videoCode: 'C7PfqazmSuQ',
    title: 'Closing costs, line by line',
    subtitle: 'What the 2% to 5% pays for, and which parts you can shop for.',
    metaDescription: 'A plain guide to closing costs: lender fees, title insurance, escrow deposits and prepaid items, and how to compare and lower them.',
    highlights: [
      'Closing costs usually run 2% to 5% of the purchase price.',
      'Compare the Loan Estimates of several lenders, line by line.',
      'Some services, such as title and settlement, can often be shopped for.',
    ],
    tags: ['buying', 'mortgage'],
    daysAgo: 36,
    image: { motif: 'document', palette: PALETTES.sand, alt: 'Illustration of a settlement statement with a pen.' },
    markdown: `Closing costs are the fees and prepaid amounts due when the sale completes, on top of the down payment. Lenders must give you a **Loan Estimate** within three business days of your application, and a **Closing Disclosure** at least three business days before closing. Compare the two.

## What you pay for

**Lender charges**

- Origination or underwriting fees.
- Discount points, if you choose to pay upfront for a lower rate.
- The appraisal and credit report.

**Title and settlement**

- Title search and title insurance, which protect against old claims on the property.
- The settlement or escrow agent's fee.
- Recording fees and any transfer taxes set by the county or state.

**Prepaid items and escrow**

- Interest from the closing date to the end of the month.
- The first year of homeowners insurance.
- A deposit into your escrow account for upcoming property taxes and insurance.

## How to lower them

1. Get Loan Estimates from at least three lenders and compare section by section, not just the rate.
2. Ask which services you may shop for, and get quotes.
3. Ask the seller for a credit toward closing costs as part of your offer, especially when homes are taking longer to sell.
4. Pick a closing date near the end of the month to reduce prepaid interest.

Read every line of the Closing Disclosure. If something changed from the estimate, ask why before you sign.`,
  },
  {
    slug: 'making-a-strong-offer',
    title: 'How to make an offer a seller will take seriously',
    subtitle: 'Price matters most, but it is not the only thing a seller reads.',
    metaDescription: 'What makes an offer strong: a well-supported price, proof of financing, a solid deposit, clean terms and a timeline that suits the seller.',
    highlights: [
      'Base your price on recent comparable sales, not the list price alone.',
      'A pre-approval letter and a meaningful deposit signal that you will close.',
      'Flexibility on the closing date can be worth as much as a higher price.',
    ],
    tags: ['buying'],
    daysAgo: 48,
    image: { motif: 'sign', palette: PALETTES.rose, alt: 'Illustration of a house with a sign post in front of it.' },
    markdown: `A seller compares offers on more than the number at the top. Here is what makes yours stand out.

## A price you can defend

Look at homes of similar size, age and condition that sold nearby in the last few months, and at how long the current listing has been on the market. A home listed for weeks with a price drop invites a different offer from one listed three days ago with several showings booked.

## Proof that you can close

- Attach your **pre-approval letter**.
- Offer a meaningful **earnest money deposit**: it shows commitment and is credited to you at closing.
- If you are paying cash, include proof of funds.

## Clean, clear terms

Contingencies protect you, so keep the ones that matter: financing, inspection and appraisal. Make them short and specific rather than waiving them. Asking for fewer extras (appliances, repairs you could do yourself) makes your offer simpler to accept.

## A timeline that suits the seller

Ask what the seller needs. Someone who is buying their next home may value a later closing or a short rent-back more than a small increase in price.

## When there are several offers

Decide your walk-away price before you start, write it down, and keep to it. It is better to lose a house than to win one you cannot afford.

When you are ready, use **Make an offer** on the listing page: it walks you through each of these terms.`,
  },
  {
    slug: 'pricing-your-home-to-sell',
    title: 'Pricing your home to sell',
    subtitle: 'The first two weeks on the market count the most.',
    metaDescription: 'How to set a listing price from comparable sales and market conditions, and why overpricing usually costs sellers time and money.',
    highlights: [
      'Buyers and their agents judge price against recent comparable sales.',
      'Most interest comes in the first days a listing is live.',
      'A price cut after weeks on the market often leads to a lower final price.',
    ],
    tags: ['selling', 'market'],
    daysAgo: 60,
    image: { motif: 'chart', palette: PALETTES.teal, alt: 'Illustration of a bar chart with a rising line.' },
    markdown: `The asking price is the most important decision a seller makes. Set it right and the home sells faster, often for more.

## Start from comparable sales

Comparable sales ("comps") are homes like yours that sold recently nearby. Good comps share:

- the same type of home and a similar size, within about 20%;
- a similar age and condition;
- a location buyers see as equivalent, ideally the same neighbourhood;
- a sale in the last three to six months.

Adjust for differences: an extra bathroom, a renovated kitchen, a garage.

## Read the market

Look at [market figures](/housing-market/UT) for your area: how many days homes take to sell, how much inventory there is, and the sale-to-list ratio (the share of the asking price homes actually sell for). When homes sell in days for at or above list price, you can price at the top of your comps. When inventory is climbing, price competitively.

## Why overpricing backfires

New listings get the most attention in their first week or two. A home priced above its comps misses the buyers who would have loved it and collects days on market, which makes later buyers wonder what is wrong. Sellers who start high often end up cutting the price and selling for less than a well-priced start would have brought.

## Before you list

Fix small, visible problems, clean and declutter, and take good photos. When you are ready, [start your listing](/sell).`,
  },
  {
    slug: 'preparing-your-home-for-showings',
    title: 'Preparing your home for showings',
    subtitle: 'Small, inexpensive work that changes how buyers see a home.',
    metaDescription: 'A room-by-room guide to getting a home ready for photos and showings: decluttering, repairs, light, curb appeal and open houses.',
    highlights: [
      'Declutter first: buyers need to picture their own things in the rooms.',
      'Fix small defects that make buyers worry about bigger ones.',
      'Light and clean matter more in photos than new furniture.',
    ],
    tags: ['selling'],
    daysAgo: 73,
    image: { motif: 'house', palette: PALETTES.blue, alt: 'Illustration of a tidy two-window house with a chimney.' },
    markdown: `Buyers decide within minutes whether a home feels right. Most of what helps costs little.

## Declutter and depersonalise

- Clear counters, shelves and the tops of furniture.
- Take out a third of what is in each closet: storage looks bigger when it is not full.
- Put away family photos and collections so buyers can imagine their own life there.

## Fix what is visible

A dripping tap, a cracked switch plate or a sticking door makes buyers ask what else has been neglected. Patch and touch up walls, replace burnt-out bulbs, and re-caulk the bath if it is stained.

## Light, air and cleanliness

Open curtains, switch on every light for showings and photos, and clean windows inside and out. A deep clean, including carpets, is the best return on money a seller can spend.

## Curb appeal

The first photo is usually the front of the home. Mow, edge, sweep the path, tidy the beds and make the front door and house number look cared for.

## Showings and open houses

- Keep a short daily routine: beds made, dishes away, bins emptied.
- Leave during showings; buyers speak more freely when the owner is not there.
- Schedule open houses at times when buyers are free, such as weekend afternoons, and keep pets and valuables out of the way.`,
  },
  {
    slug: 'rental-application-that-gets-approved',
    title: 'A rental application that gets approved',
    subtitle: 'What landlords check, and how to have it ready before you tour.',
    metaDescription: 'What landlords look at in a rental application (income, credit, references, history) and how to prepare so you can apply the day you find the place.',
    highlights: [
      'Many landlords look for income of about three times the monthly rent.',
      'Have pay stubs, ID and references ready before you tour.',
      'Explain a thin or damaged credit history up front, with evidence.',
    ],
    tags: ['renting'],
    daysAgo: 85,
    image: { motif: 'apartment', palette: PALETTES.olive, alt: 'Illustration of an apartment building beside a small house.' },
    markdown: `Good rentals go quickly. Renters who can apply on the day they tour usually get the place.

## What landlords check

- **Income**: many look for gross monthly income of about three times the rent, shown by pay stubs, an offer letter or bank statements.
- **Credit**: a credit report shows how you have handled bills and debt.
- **Rental history**: previous landlords are asked whether you paid on time and left the home in good condition.
- **Identity**: a government-issued photo ID.

## Prepare a renter's folder

Keep these ready as files on your phone:

1. Photo ID.
2. The last two or three pay stubs, or other proof of income.
3. Names and phone numbers of two previous landlords and one employer.
4. A short introduction: who will live in the home, pets, why you are moving.

## If your history is thin or has problems

Say so up front rather than hoping it will not be noticed. Offer evidence of steady income, a larger deposit where the law allows it, or a guarantor (co-signer). A short, honest explanation of a past problem goes a long way.

## Before you pay anything

Only pay fees or deposits after you have seen the home (in person or by a live video tour) and have the landlord's name and contact details in writing. Never pay by wire transfer or gift card to someone you have not met.

[Browse rentals](/renting) and save a search so new listings reach you first.`,
  },
  {
    slug: 'what-to-check-in-a-lease',
    title: 'What to check in a lease before you sign',
    subtitle: 'Ten minutes with the lease saves months of misunderstandings.',
    metaDescription: 'The clauses of a residential lease to read before signing: term, rent and fees, deposit, repairs, entry, pets, subletting and ending the lease early.',
    highlights: [
      'Confirm the rent, due date, late fees and every other recurring charge.',
      'Document the condition of the home with dated photos on move-in day.',
      'Know how and when you can end the lease, and what it costs.',
    ],
    tags: ['renting'],
    daysAgo: 97,
    image: { motif: 'document', palette: PALETTES.olive, alt: 'Illustration of a lease document with a pen.' },
    markdown: `A lease is a contract. Read it all, and ask about anything that is not clear before you sign.

## Money

- **Rent**: the amount, due date, how to pay, and the late fee and grace period.
- **Other charges**: utilities, parking, storage, pet rent, trash or amenity fees.
- **Security deposit**: the amount, where it is held and the conditions for getting it back. Many states set limits and deadlines for returning deposits.

## The term

Check the start and end dates, what happens at the end (month-to-month, automatic renewal or move-out) and how much notice either side must give.

## Repairs and maintenance

Who fixes what, and how do you report a problem? Look for a contact and a way to report emergencies out of hours. Tenants are usually responsible for damage they cause; landlords for keeping the home safe and habitable.

## Living there

- When the landlord may enter, and how much notice they give.
- Rules on pets, guests, smoking, noise and alterations such as painting.
- Whether subletting or assigning the lease is allowed.

## Ending early

Find the early-termination clause. Some leases set a fee; others make you responsible for rent until a new tenant is found.

## On move-in day

Walk through with the landlord if you can, note every mark and defect on a checklist, take dated photos, and keep a copy. It is your best evidence when the deposit is returned.`,
  },
  {
    slug: 'booking-a-short-stay',
    title: 'Booking a short stay: nights, rules and the real total',
    subtitle: 'How minimum nights, check-in days and fees shape what you pay.',
    metaDescription: 'How short-stay availability works: check-in and check-out days, minimum and maximum nights, the nightly price and the total for your dates.',
    highlights: [
      'Hosts may allow check-in only on certain days and set minimum and maximum nights.',
      'Compare the total for your dates, not the nightly price alone.',
      'Read the house rules and cancellation terms before you request to book.',
    ],
    tags: ['stays'],
    daysAgo: 112,
    image: { motif: 'suitcase', palette: PALETTES.rose, alt: 'Illustration of a suitcase on wheels under a pale sun.' },
    markdown: `A stay's calendar says more than which nights are free. Knowing how to read it saves a lot of back and forth.

## Reading the calendar

- **Unavailable days** are booked or closed by the host.
- **Check-in days**: some homes only accept arrivals on certain days, for example Saturdays in high season.
- **Minimum and maximum nights**: a stay must be at least the minimum and at most the maximum for the arrival day you choose. Weekends and holidays often have a higher minimum.
- **Check-out** must fall on a day that allows departures.

Choose your arrival first, then your departure: the calendar shows which departure days fit the rules.

## The real price

The nightly price is only part of it. Your total is the nights times the nightly price, plus any cleaning fee, plus local taxes, minus any discount for a longer stay. Compare homes on the total for your dates.

## Before you request to book

1. Read the house rules: guests, pets, parking, quiet hours.
2. Check the cancellation terms and what refund you get when.
3. Ask the host anything that matters to you, such as stairs, cots, or a workspace.

Your request reaches the host with your dates, and you hear back from them directly.

[Find a stay](/stays).`,
  },
  {
    slug: 'reading-housing-market-numbers',
    title: 'Reading the housing market: the five numbers that matter',
    subtitle: 'Median price, days on market, inventory, new listings and sale-to-list ratio, explained.',
    metaDescription: 'What median price, days on market, inventory, new listings and the sale-to-list ratio tell buyers and sellers about a local housing market.',
    highlights: [
      'Medians resist outliers better than averages, but still move with the mix of homes sold.',
      'Rising inventory and days on market usually mean more room to negotiate.',
      'A sale-to-list ratio above 100% means homes are selling over asking.',
    ],
    tags: ['market', 'buying', 'selling'],
    daysAgo: 128,
    image: { motif: 'chart', palette: PALETTES.blue, alt: 'Illustration of a chart with bars and a trend line.' },
    markdown: `Market reports are full of figures. Five of them tell you most of what you need.

## Median list and sold price

Half the homes sold for more than the median, half for less. Medians are not pulled up by a single mansion the way averages are, but they do move when the mix changes: a month with more condos sold shows a lower median even if no home lost value. Compare the same month year over year.

## Days on market

How long homes take from listing to accepted offer. Short and falling means buyers are competing; long and rising means sellers are waiting.

## Inventory

The number of homes for sale. Divide it by monthly sales to get the **months of supply**. A low figure, around a few months or less, favours sellers; a high one favours buyers.

## New listings

How many homes came on the market this month. A wave of new listings can ease prices before inventory shows it.

## Sale-to-list ratio

The sold price divided by the last list price. Above 100% means homes are selling over asking; below, buyers are negotiating discounts.

## Putting them together

| Signal | Buyers' market | Sellers' market |
|---|---|---|
| Days on market | Rising | Falling |
| Inventory | Growing | Shrinking |
| Sale-to-list | Below 100% | Above 100% |

Look at your own area and home type: national headlines rarely describe a single neighbourhood. See the [housing market page](/housing-market/UT) for monthly figures.`,
  },
  {
    slug: 'rent-or-buy',
    title: 'Rent or buy? A calm way to decide',
    subtitle: 'Compare the costs you will never get back, not rent against a mortgage payment.',
    metaDescription: 'How to compare renting and buying honestly: unrecoverable costs, how long you will stay, flexibility and the money you would otherwise invest.',
    highlights: [
      'Compare unrecoverable costs: rent against interest, taxes, insurance and upkeep.',
      'Buying usually pays off only if you stay several years.',
      'Renting is not wasted money: it buys flexibility and frees your savings.',
    ],
    tags: ['renting', 'buying', 'market'],
    daysAgo: 150,
    image: { motif: 'scales', palette: PALETTES.sand, alt: 'Illustration of a balance weighing a house against a box.' },
    markdown: `"Renting is throwing money away" is a slogan, not an analysis. Both choices have costs you never get back.

## Unrecoverable costs

- **Renting**: the rent, and renter's insurance.
- **Owning**: mortgage interest (not principal, which builds equity), property taxes, insurance, maintenance (often around 1% of the home's value a year) and the return your down payment would have earned if invested.

Compare these totals per month. In many markets they are closer than rent and a mortgage payment suggest.

## How long you will stay

Buying and selling cost money: closing costs when you buy, and agent fees and closing costs when you sell. Spread over many years they matter little; over two years they can exceed any gain in value. As a rough guide, buying makes more sense the longer you expect to stay, often five years or more.

## Flexibility

Renting lets you move for a job or a relationship with a month or two of notice, and the landlord pays for the new roof. Owning lets you change the home as you like and fixes your housing cost when you have a fixed-rate loan.

## A simple test

1. Add up the monthly unrecoverable costs of owning a home you would buy.
2. Compare them with the rent for a similar home.
3. Ask how sure you are that you will stay five years.

If owning costs about the same or less and you expect to stay, buying is worth a serious look: [see what you can afford](/mortgage/calculator). If not, renting while you save is a sound choice: [browse rentals](/renting).`,
  },
];

/** A seed post's picture: rendered once; the stored sizes are reused when another database is seeded. */
async function seedImage(db: Database, slug: string, image: SeedPost['image']): Promise<PostImageRecord> {
  const baseKey = `posts/seed/${slug}`;
  const existing = await findPostImage(db, baseKey);
  if (existing) return existing;
  const storage = uploadStorage();
  const stored = await Promise.all(POST_IMAGE_WIDTHS.map((w) => storage.get(`${baseKey}-${w}.webp`)));
  if (stored.every(Boolean)) {
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO post_images (base_key, widths, width, height, alt) VALUES ($1, $2, 1600, 900, $3)
       ON CONFLICT (base_key) DO UPDATE SET alt = EXCLUDED.alt RETURNING id`,
      [baseKey, [...POST_IMAGE_WIDTHS], image.alt],
    );
    return { id: Number(rows[0]!.id), baseKey, widths: [...POST_IMAGE_WIDTHS], width: 1600, height: 900, alt: image.alt };
  }
  return storePostImage(db, baseKey, await seedPicture(Buffer.from(illustrationSvg(image.motif, image.palette))), image.alt, storage);
}

/** The seed's tags and posts (missing ones only), and outside production the demo editor's flag. */
export async function seedPosts(db: Database): Promise<void> {
  for (const tag of SEED_TAGS) {
    await db.query('INSERT INTO tags (slug, title, subtitle) VALUES ($1, $2, $3) ON CONFLICT (slug) DO NOTHING', [tag.slug, tag.title, tag.subtitle]);
  }
  const { rows } = await db.query<{ slug: string }>('SELECT slug FROM posts WHERE slug = ANY($1::text[])', [SEED_POSTS.map((p) => p.slug)]);
  const present = new Set(rows.map((r) => r.slug));
  for (const post of SEED_POSTS) {
    if (present.has(post.slug)) continue;
    const image = await seedImage(db, post.slug, post.image);
    const body = renderMarkdown(post.markdown);
    await db.transaction(async (tx) => {
      const inserted = await tx.query<{ id: number }>(
        `INSERT INTO posts (slug, title, subtitle, markdown, body, highlights, meta_description, publish_date, image_id, reading_minutes,
                            video_code, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(days => $8), $9, $10,
                 $11, now() - make_interval(days => $8), now() - make_interval(days => $8))
         ON CONFLICT (slug) DO NOTHING RETURNING id`,
        [post.slug, post.title, post.subtitle, post.markdown, body, post.highlights, post.metaDescription, post.daysAgo, image.id, readingMinutes(body), post.videoCode ?? null],
      );
      if (!inserted.rows[0]) return;
      await tx.query('INSERT INTO post_tags (post_id, tag_id) SELECT $1, t.id FROM tags t WHERE t.slug = ANY($2::text[]) ON CONFLICT DO NOTHING', [
        inserted.rows[0].id,
        post.tags,
      ]);
    });
  }
  // Seeded before the posts had videos: a seed post no editor has touched since gets its video.
  for (const post of SEED_POSTS) {
    if (!post.videoCode || !present.has(post.slug)) continue;
    await db.query('UPDATE posts SET video_code = $2 WHERE slug = $1 AND video_code IS NULL AND updated_at = created_at', [post.slug, post.videoCode]);
  }
  if (process.env.NODE_ENV !== 'production') {
    await db.query('UPDATE users SET is_editor = true WHERE lower(email) = $1 AND NOT is_editor', [DEMO_EDITOR_EMAIL]);
  }
}
