/**
 * Our privacy policy and terms and conditions (spec §2 about/privacy-policy and about/terms-and-conditions,
 * each shown as a framed page). `{site}` is the website name of the partner whose site shows them.
 */
export interface PolicySection {
  heading: string;
  paragraphs: readonly string[];
}

export interface Policy {
  title: string;
  updated: string;
  sections: readonly PolicySection[];
}

export const PRIVACY_POLICY: Policy = {
  title: 'Privacy Policy',
  updated: 'November 1, 2026',
  sections: [
    {
      heading: 'Who we are',
      paragraphs: [
        '{site} is a real-estate marketplace: you search homes, save them, request tours, make offers, apply for a mortgage pre-qualification and sell your own home. This policy says what we collect when you use it, why, and what you can ask of us.',
      ],
    },
    {
      heading: 'What we collect',
      paragraphs: [
        'Account details you give us: your name, email address, phone number, legal name and photo, and your notification settings.',
        'What you do on the site that needs an account: favourite homes, saved searches, tour requests and their times, offers, seller questionnaires, uploaded photos and documents, and mortgage pre-qualification answers.',
        'Messages you send through a contact form: your name, email, phone and message, and the listing it was about.',
        'Technical data: your IP address (to limit abuse such as repeated failed logins), the pages you open and the searches you run.',
      ],
    },
    {
      heading: 'Why we use it',
      paragraphs: [
        'To run the service you asked for: show your favourites, send the alerts of your saved searches, pass your tour request to the showing agent, your offer to the seller’s side and your pre-qualification to our lender.',
        'To answer your messages, within 24 hours on working days.',
        'To keep the service safe: to stop password guessing, spam and scraping.',
        'We never sell your information and we never post anything on your behalf, including when you sign in with Google.',
      ],
    },
    {
      heading: 'Who we share it with',
      paragraphs: [
        'The agent or partner whose site you use, when you contact them, request a tour or make an offer: that is what those forms are for, and each says so before you submit it.',
        'Our lender, when you ask for a mortgage pre-qualification, pre-approval or refinance.',
        'Service providers that host our servers and send our mail, under contracts that let them use your data only for us.',
        'Authorities, when the law requires it.',
      ],
    },
    {
      heading: 'How long we keep it',
      paragraphs: [
        'Account data for as long as you keep your account. Tour, offer and transaction records for seven years, as real-estate and lending rules require. Contact messages for two years. Security logs for 90 days.',
      ],
    },
    {
      heading: 'Your choices and rights',
      paragraphs: [
        'You can change your details and notification settings under Your Settings, turn off any saved-search alert, and delete favourites and saved searches at any time.',
        'You may ask us for a copy of your data, to correct it, or to delete your account, by writing to us through the Contact page. We answer within 30 days.',
      ],
    },
    {
      heading: 'Cookies and storage',
      paragraphs: [
        'We use a session cookie and an anti-forgery cookie to keep you signed in safely, and your browser’s storage to remember your session and the site’s settings. We use no advertising cookies.',
      ],
    },
    {
      heading: 'Security',
      paragraphs: [
        'Passwords are stored only as salted hashes, every page is served over HTTPS, and each person sees only their own tours, offers and documents.',
      ],
    },
    {
      heading: 'Changes',
      paragraphs: ['When this policy changes we update the date above, and we email account holders before a change that affects how their data is used.'],
    },
  ],
};

export const TERMS_AND_CONDITIONS: Policy = {
  title: 'Terms & Conditions',
  updated: 'November 1, 2026',
  sections: [
    {
      heading: 'The service',
      paragraphs: [
        'These terms apply when you use {site}: its listing search, tour requests, offers, seller tools, mortgage pre-qualification and content. By using the site you accept them.',
      ],
    },
    {
      heading: 'Your account',
      paragraphs: [
        'Give us true details, keep your password to yourself and tell us at once if you think someone else used your account. You must be 18 or older to make an offer, list a home or apply for a mortgage.',
      ],
    },
    {
      heading: 'Listings',
      paragraphs: [
        'Listing information comes from multiple listing services, brokerages and sellers. We show it as we receive it and refresh it often, but we cannot promise that every price, fact or photo is current or complete: check what matters to you before you rely on it.',
        'Some feeds withhold a home’s street address; we show such homes without it.',
      ],
    },
    {
      heading: 'Tours and offers',
      paragraphs: [
        'A tour request asks for times; a tour is scheduled only when the showing agent confirms it. An offer you make through the site is reviewed by your agent before it goes to the seller and binds you only once you sign the purchase contract.',
      ],
    },
    {
      heading: 'Selling with us',
      paragraphs: [
        'Our listing fee is 1% of the sale price, due at closing and only if your home sells. The listing agreement you sign before your home is published sets out the full terms.',
      ],
    },
    {
      heading: 'Mortgages',
      paragraphs: [
        'A pre-qualification is an estimate based on what you tell us and is not a loan commitment. The low-rate guarantee applies to a competitor’s locked loan estimate for the same loan terms, presented before you lock with us.',
      ],
    },
    {
      heading: 'Acceptable use',
      paragraphs: [
        'Do not copy listings in bulk, scrape the site, send spam through its forms, upload content you have no right to, or try to reach other people’s data. We may suspend accounts that do.',
      ],
    },
    {
      heading: 'Liability',
      paragraphs: [
        'We provide the site as it is. To the extent the law allows, we are not liable for indirect losses, or for decisions taken on listing information we received from others.',
      ],
    },
    {
      heading: 'Governing law',
      paragraphs: ['These terms are governed by the laws of the State of Utah. Questions about them are welcome through our Contact page.'],
    },
  ],
};

/** Where each framed policy page is served (the about pages frame it). */
export const POLICY_DOCUMENTS = {
  'privacy-policy': PRIVACY_POLICY,
  'terms-and-conditions': TERMS_AND_CONDITIONS,
} as const;

export type PolicyName = keyof typeof POLICY_DOCUMENTS;
