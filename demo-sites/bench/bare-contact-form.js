/*
 * <bare-contact-form>: the yardstick of bench/first-paint.ts (DESIGN §5 "script tag → first widget paint ≤ 1.5× a
 * bare custom element"). What a hand-written element with no framework does: one classic script from the same
 * origin as our loader, a shadow root, one constructable stylesheet, the contact form's visible fields (heading,
 * labels, inputs, button, consent and call lines) in the same layout size as <hearth-contact-form>. No state,
 * validation, config or data: the difference to our element is the loader → config → runtime → element path.
 */
(() => {
  const css = `
:host { display: block; max-width: 560px; min-height: 640px; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif !important;
  color: #1f2937 !important; letter-spacing: normal !important; text-transform: none !important; text-align: start !important; }
:host([variant='small']) { max-width: 380px; min-height: 560px; }
* { box-sizing: border-box; }
h2, p { margin: 0; }
article { display: grid; gap: 16px; padding: 24px; background: #fff; border: 1px solid #6b7280; border-radius: 8px;
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.12), 0 4px 16px rgba(0, 0, 0, 0.08); }
:host([variant='small']) article { gap: 12px; padding: 16px; }
h2 { font-size: 1.5em; line-height: 1.25; font-weight: 700; }
:host([variant='small']) h2 { font-size: 1.25em; }
form, .names { display: grid; gap: 12px; }
.names { grid-template-columns: 1fr 1fr; }
:host([variant='small']) .names { grid-template-columns: 1fr; }
label { display: grid; gap: 4px; font-weight: 600; font-size: 0.875em; }
label span { color: #b42318; }
input, textarea { font: inherit; font-size: 16px; font-weight: 400; width: 100%; min-height: 44px; padding: 10px 12px;
  border: 1px solid #6b7280; border-radius: 8px; background: #fff; color: inherit; }
textarea { min-height: 96px; resize: vertical; }
button { font: inherit; font-weight: 600; min-height: 44px; padding: 10px 20px; border: 2px solid #1d4ed8; border-radius: 8px;
  background: #1d4ed8; color: #fff; cursor: pointer; }
.small { font-size: 0.8125em; color: #4b5563; }
a { color: #1d4ed8; }
@media (max-width: 420px) { .names { grid-template-columns: 1fr; } }`;

  const field = (name, label, control = 'input') =>
    `<label>${label} <span aria-hidden="true">*</span><${control} name="${name}" required></${control}></label>`;

  let sheet;
  class BareContactForm extends HTMLElement {
    connectedCallback() {
      if (this.shadowRoot) return;
      if (!sheet) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(css);
      }
      const root = this.attachShadow({ mode: 'open' });
      root.adoptedStyleSheets = [sheet];
      root.innerHTML = `<article>
  <h2>${this.hasAttribute('listing-id') ? 'Want a closer look?' : 'Connect with me'}</h2>
  <form novalidate>
    <div class="names">${field('firstName', 'First name')}${field('lastName', 'Last name')}</div>
    ${field('email', 'Email')}${field('phone', 'Phone')}${field('comment', 'What can I help you with?', 'textarea')}
    <button type="submit">Send</button>
    <p class="small">By submitting, you ask Acme Realty and its agent to contact you, and you allow us to share the information you provide with them.</p>
  </form>
  <p class="small">Prefer to talk? Call toll-free <a href="tel:8005550199">(800) 555-0199</a>. <a href="#">We never spam you.</a></p>
</article>`;
      root.querySelector('form').addEventListener('submit', (event) => event.preventDefault());
    }
  }
  customElements.define('bare-contact-form', BareContactForm);
})();
