// The loader, with the partner chosen in the page's ?partner= query (the partner knob reloads the page).
const partner = new URLSearchParams(location.search).get('partner') ?? '';
const loader = document.createElement('script');
loader.src = '/cdn/v1/loader.js';
loader.async = true;
if (partner) loader.dataset.partner = partner;
document.head.append(loader);
for (const select of document.querySelectorAll('select[name="partner"]')) select.value = partner;

// Knobs: each form control sets (or removes) the attribute of the same name on its target element.
for (const form of document.querySelectorAll('form.knobs')) {
  const target = document.getElementById(form.dataset.target);
  form.addEventListener('input', (event) => {
    const control = event.target;
    if (control.dataset.reload !== undefined) {
      const url = new URL(location.href);
      url.searchParams.set('partner', control.value);
      location.href = url.href;
      return;
    }
    const on = control.type === 'checkbox' ? control.checked : control.value !== '';
    if (on) target.setAttribute(control.name, control.type === 'checkbox' ? '' : control.value);
    else target.removeAttribute(control.name);
  });
}

const log = document.getElementById('event-log');
for (const name of ['hearth-contact-submitted', 'hearth-error', 'hearth-loaded']) {
  document.addEventListener(name, (event) => {
    const item = document.createElement('li');
    item.textContent = `${name} ${JSON.stringify(event.detail)}`;
    log.prepend(item);
  });
}
