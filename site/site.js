// The hosted site's own script (server/site/pages.ts loads it on every page; no build step, nothing inline,
// so it runs under the site's CSP). The server writes each page whole; this adds what needs a browser:
// the post-login redirect screen, log-out, the Start Listing flow and the login that follows the shell's
// Sign Up / Log In button. The storage name is core/auth/session.ts storageKey.

const USER_KEY = `hearth:user:${location.origin}`;

// ---------------------------------------------------------------------------------------------------
// Post-login redirect screen (spec §2): wait, then replace this history entry with the target.

const redirect = document.querySelector('[data-redirect-to]');
if (redirect instanceof HTMLElement) {
  setTimeout(() => location.replace(redirect.dataset.redirectTo || '/'), Number(redirect.dataset.delay) || 500);
}

// ---------------------------------------------------------------------------------------------------
// Log-out (spec §4). The server ends a session only when the log-out page's button is pressed (a POST with the
// session's CSRF token); this page, with `data-log-out`, is what follows, or a browser whose session had already
// ended. What is left: the stored user. Its token is revoked and forgotten when the server says it is dead (or
// after the button); a token still alive means a sign-in this page's cookie did not carry, and is not ended by a
// link: the page asks first. The page we go on to says 'You've been successfully logged out.' (the server left it
// a flash: server/site/flash.ts).

const logOut = document.querySelector('[data-log-out]');
if (logOut instanceof HTMLElement) {
  let token = null;
  try {
    token = JSON.parse(localStorage.getItem(USER_KEY) ?? 'null')?.token ?? null;
  } catch {
    // storage blocked: nothing was stored either
  }
  const done = () => {
    try {
      localStorage.removeItem(USER_KEY);
    } catch {
      // storage blocked: nothing was stored either
    }
    location.replace(logOut.dataset.next || '/');
  };
  const revokeAndGo = () =>
    fetch('/logout/', { method: 'POST', headers: { Authorization: `Token ${token}`, 'Content-Type': 'application/json' }, body: '{}', credentials: 'omit' })
      .catch(() => undefined)
      .finally(done);
  const alive = token
    ? fetch('/user/me/', { headers: { Authorization: `Token ${token}`, Accept: 'application/json' }, credentials: 'omit' }).then(
        (response) => response.ok,
        () => false,
      )
    : Promise.resolve(false);
  alive.then((isAlive) => {
    if (!isAlive) return done();
    const ask = logOut.querySelector('[data-log-out-token]');
    if (!(ask instanceof HTMLElement)) return;
    for (const child of logOut.children) if (child !== ask) child.hidden = true;
    ask.hidden = false;
    ask.querySelector('button')?.addEventListener('click', revokeAndGo, { once: true });
  });
}

// ---------------------------------------------------------------------------------------------------
// Signing in: from /log-in, or from the shell's button (a dialog over the page), then the redirect screen.

const redirectAfterLogin = (next) => location.replace(next ? `/redirect?next=${encodeURIComponent(next)}` : '/redirect');

const logIn = document.querySelector('[data-log-in]');
if (logIn instanceof HTMLElement) {
  logIn.addEventListener('hearth-login', () => redirectAfterLogin(logIn.dataset.next ?? ''));
}

// The login dialog is a route (spec §2): {page}/log-in over the page (the element adds and leaves that entry,
// and keeps itself for back and forward); after a login, on to the page beneath.
const pageBeneath = () => `${location.pathname.replace(/\/log-in\/?$/, '') || '/'}${location.search}`;

for (const trigger of document.querySelectorAll('[data-sign-in]')) {
  trigger.addEventListener('click', (event) => {
    event.preventDefault();
    for (const old of document.querySelectorAll('hearth-sign-in[route-sync]')) old.remove();
    const dialog = document.createElement('hearth-sign-in');
    dialog.setAttribute('dialog', '');
    dialog.setAttribute('route-sync', '');
    dialog.addEventListener('hearth-login', () => redirectAfterLogin(pageBeneath()));
    dialog.addEventListener('hearth-sign-in-closed', () => {
      if (trigger instanceof HTMLElement && dialog.isConnected) trigger.focus();
    });
    document.body.append(dialog);
  });
}

// Arrived on a login dialog's URL: the server wrote the page with the dialog open.
for (const dialog of document.querySelectorAll('main hearth-sign-in[route-sync]')) {
  dialog.addEventListener('hearth-login', () => redirectAfterLogin(pageBeneath()));
}

// ---------------------------------------------------------------------------------------------------
// Sell page (spec §2): a chosen address → /selling/listing-detail?lat=…&lng=…; Start Listing with text nobody
// chose from the suggestions → /selling/listing-detail?address=… (read there in parts for the seller to
// confirm, issue 36); with an empty box it focuses the address input. (core/app/page-behaviours.ts does the same
// inside <hearth-app>.)

for (const form of document.querySelectorAll('form[data-start-listing]')) {
  const box = form.querySelector('hearth-search-box');
  let place = null;
  const rent = form.dataset.for === 'rent' ? '&for=rent' : '';
  const go = () => location.assign(`/selling/listing-detail?lat=${encodeURIComponent(place.lat)}&lng=${encodeURIComponent(place.lng)}${rent}`);
  form.addEventListener('hearth-search-changed', (event) => {
    place = event.detail;
    go();
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const input = box?.shadowRoot?.querySelector('input');
    const text = (input?.value ?? '').trim();
    if (place && text === place.description) go();
    else if (text) location.assign(`/selling/listing-detail?address=${encodeURIComponent(text.slice(0, 200))}${rent}`);
    else input?.focus();
  });
}

// ---------------------------------------------------------------------------------------------------
// Shell menus (spec §2 Shell): <details> disclosures open with a click, Enter or Space on their own; here
// one open at a time, Escape closes and puts focus back on the menu's button, and a click or focus
// elsewhere closes them.

const menus = [...document.querySelectorAll('details[data-menu]')];
for (const details of menus) {
  const summary = details.querySelector('summary');
  details.addEventListener('toggle', () => {
    if (details.open) for (const other of menus) if (other !== details) other.open = false;
  });
  details.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !details.open) return;
    event.stopPropagation();
    details.open = false;
    summary?.focus();
  });
  details.addEventListener('focusout', (event) => {
    if (!details.contains(event.relatedTarget)) details.open = false;
  });
}
document.addEventListener('click', (event) => {
  for (const details of menus) if (details.open && !details.contains(event.target)) details.open = false;
});

// On phones the header is the brand and a Menu button that shows the same items (site.css; without JavaScript,
// site/no-js.css shows the items instead).
const toggle = document.querySelector('.nav-toggle');
const nav = document.getElementById('site-nav');
if (toggle instanceof HTMLButtonElement && nav) {
  const setOpen = (open) => {
    toggle.setAttribute('aria-expanded', String(open));
    nav.classList.toggle('open', open);
  };
  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || toggle.getAttribute('aria-expanded') !== 'true') return;
    setOpen(false);
    toggle.focus();
  });
}
