// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionAtom } from '../../core/auth/session';
import type { Result } from '../../core/graphql/call';
import { partnerTexts as t } from '../../core/i18n/partners';
import { tabInput, previewTokens, previewTheme, parseCountries, refusedField } from '../../core/partners/console-state';
import * as api from '../../core/partners/partners-api';
import type { PartnerSettings } from '../../core/partners/partners-api';
import { hearthStore } from '../../core/state/store';
import { testRoot } from '../../core/testing/react-root';
import { PartnerConsole } from './partner-console.view';

vi.mock('../../core/partners/partners-api', () => ({
  loadMyPartners: vi.fn(),
  loadPartnerSettings: vi.fn(),
  signUpPartner: vi.fn(),
  updatePartnerSettings: vi.fn(),
  uploadPartnerImage: vi.fn(),
  loadPartnerSnippets: vi.fn(),
  loadApiKeys: vi.fn(),
  createApiKey: vi.fn(),
  revokeApiKey: vi.fn(),
  loadPartnerAudit: vi.fn(),
}));
vi.mock('../../core/auth/session', async (original) => ({
  ...(await original<typeof import('../../core/auth/session')>()),
  ensureSession: vi.fn(async () => undefined),
}));
vi.mock('../listing-card/listing-card.element', () => ({}));
vi.mock('../contact-form/contact-form.element', () => ({}));

const settings: PartnerSettings = {
  id: '42',
  slug: 'canyon',
  role: 'OWNER',
  name: 'Canyon Realty',
  logoUrl: null,
  websiteName: 'Canyon Homes',
  companyName: 'Canyon Realty',
  tollFreeNumber: '8885550147',
  supportEmail: 'help@canyon.example',
  privacyPolicyUrl: 'https://canyon.example/privacy',
  showPoweredBy: true,
  primaryColor: '#1d4ed8',
  onPrimaryColor: '#ffffff',
  textColor: '#1f2937',
  surfaceColor: '#ffffff',
  fontFamily: 'system-ui',
  radius: 8,
  agentName: 'Casey',
  agentPictureUrl: null,
  agentOfficePhone: '',
  agentCellPhone: '',
  agentEmail: 'casey@canyon.example',
  countries: [],
  defaultSearchLocation: '',
  sellEnabled: true,
  rentalEnabled: true,
  agentApp: false,
  allowedOrigins: ['https://www.canyon.example'],
  mapsKey: '',
  tileSourceUrl: '',
  tileAttribution: '',
  analyticsEnabled: false,
  registrationMode: 'OFF',
  registrationViews: 3,
  registrationPhotos: 3,
  registrationNotNow: 1,
  updatedAt: '2026-01-14T17:05:00.000Z',
};

const ok = <T,>(value: T): Result<T> => ({ ok: true, value });
const element = { tag: 'hearth-partner-console', host: document.createElement('div'), emit: vi.fn() };

const dom = testRoot();

beforeEach(() => {
  hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 7 } as never, token: 'token' });
  vi.mocked(api.loadMyPartners).mockResolvedValue(ok([{ id: '42', slug: 'canyon', name: 'Canyon Realty', role: 'OWNER' }]));
  vi.mocked(api.loadPartnerSettings).mockResolvedValue(ok(settings));
});

afterEach(() => {
  vi.clearAllMocks();
  hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
});

const flush = () => act(async () => { await new Promise((r) => setTimeout(r, 0)); });
const base = () => dom.container.querySelector('[part="base"]')!;
const tab = (label: string) => [...dom.container.querySelectorAll<HTMLButtonElement>('[role="tab"]')].find((b) => b.textContent === label)!;
const input = (label: string) => {
  const l = [...dom.container.querySelectorAll('label')].find((x) => x.textContent?.replace(' *', '') === label)!;
  return dom.container.querySelector<HTMLInputElement>(`#${CSS.escape(l.htmlFor)}`)!;
};
function type(target: HTMLInputElement, value: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(target, value);
    target.dispatchEvent(new Event('input', { bubbles: true }));
    target.dispatchEvent(new Event('change', { bubbles: true }));
  });
}
const submit = () => act(() => dom.container.querySelector('form')!.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true })));

async function renderConsole(partnerId: number | null = null) {
  dom.render(<PartnerConsole partnerId={partnerId} element={element} />);
  await flush();
  await flush();
}

describe('<hearth-partner-console> view and behaviour', () => {
  it('asks a visitor to sign in', async () => {
    hearthStore.set(sessionAtom, { status: 'anonymous', user: null, token: null });
    await renderConsole();
    expect(base().getAttribute('data-state')).toBe('anonymous');
    expect(dom.container.textContent).toContain(t.signInFirst);
    expect(api.loadMyPartners).not.toHaveBeenCalled();
  });

  it('offers the sign-up form to a viewer without partners, shows a refusal under its field, then opens the new partner', async () => {
    vi.mocked(api.loadMyPartners).mockResolvedValueOnce(ok([]));
    await renderConsole();
    expect(base().getAttribute('data-state')).toBe('sign-up');
    vi.mocked(api.signUpPartner).mockResolvedValueOnce({ ok: false, failure: { kind: 'invalid', message: t.slugTaken, code: 'BAD_USER_INPUT', argument: 'slug' } });
    type(input(t.signUpName), 'Canyon Realty');
    type(input(t.signUpSlug), 'canyon');
    submit();
    await flush();
    expect(dom.container.textContent).toContain(t.slugTaken);
    expect(input(t.signUpSlug).getAttribute('aria-invalid')).toBe('true');
    vi.mocked(api.signUpPartner).mockResolvedValueOnce(ok({ id: '42', slug: 'canyon', name: 'Canyon Realty', role: 'OWNER' }));
    submit();
    await flush();
    await flush();
    expect(api.signUpPartner).toHaveBeenLastCalledWith('canyon', 'Canyon Realty');
    expect(element.emit).toHaveBeenCalledWith('partner-created', { partnerId: '42', slug: 'canyon' });
    expect(base().getAttribute('data-state')).toBe('ready');
    expect(api.loadPartnerSettings).toHaveBeenCalledWith('42');
  });

  it('saves only the fields a tab changed and emits hearth-partner-saved', async () => {
    await renderConsole();
    expect(base().getAttribute('data-state')).toBe('ready');
    type(input(t.websiteName), 'Canyon Homes Online');
    vi.mocked(api.updatePartnerSettings).mockResolvedValueOnce(ok({ ...settings, websiteName: 'Canyon Homes Online' }));
    submit();
    await flush();
    expect(api.updatePartnerSettings).toHaveBeenCalledWith('42', { websiteName: 'Canyon Homes Online' });
    expect(dom.container.querySelector('[part="save-status"]')!.textContent).toBe(t.saved);
    expect(element.emit).toHaveBeenCalledWith('partner-saved', { partnerId: '42', fields: ['websiteName'] });
  });

  it('shows each contrast pair and refuses an unreadable primary colour before sending anything', async () => {
    await renderConsole();
    act(() => tab(t.tabs.theme).click());
    await flush();
    const pair = () => dom.container.querySelector('[data-pair="button-text-on-primary"]')!;
    expect(pair().getAttribute('data-state')).toBe('pass');
    expect(pair().textContent).toContain('6.7:1');
    type(input(t.primaryColour), '#ffeb3b');
    expect(pair().getAttribute('data-state')).toBe('fail');
    expect(pair().textContent).toContain(t.contrastRefusal('button-text-on-primary', 1.22));
    submit();
    await flush();
    expect(api.updatePartnerSettings).not.toHaveBeenCalled();
    expect(dom.container.querySelector('[data-field="primaryColor"] .field-error')!.textContent).toBe(t.contrastRefusal('button-text-on-primary', 1.22));
  });

  it('shows the server’s refusal under the field it names', async () => {
    await renderConsole();
    act(() => tab(t.tabs.agent).click());
    type(input(t.agentEmail), 'not-an-email');
    vi.mocked(api.updatePartnerSettings).mockResolvedValueOnce({
      ok: false,
      failure: { kind: 'invalid', message: 'agentEmail must be an email address.', code: 'BAD_USER_INPUT', argument: 'input.agentEmail' },
    });
    submit();
    await flush();
    expect(input(t.agentEmail).getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.textContent).toContain('agentEmail must be an email address.');
  });

  it('checks a new origin before sending it, then saves the list with it', async () => {
    await renderConsole();
    act(() => tab(t.tabs.origins).click());
    type(input(t.newOrigin), 'http://www.canyon-homes.example');
    submit();
    await flush();
    expect(api.updatePartnerSettings).not.toHaveBeenCalled();
    expect(dom.container.textContent).toContain('Origins other than localhost must use https://.');
    type(input(t.newOrigin), 'https://*.canyon-homes.example');
    vi.mocked(api.updatePartnerSettings).mockResolvedValueOnce(ok({ ...settings, allowedOrigins: [...settings.allowedOrigins, 'https://*.canyon-homes.example'] }));
    submit();
    await flush();
    expect(api.updatePartnerSettings).toHaveBeenCalledWith('42', { allowedOrigins: ['https://www.canyon.example', 'https://*.canyon-homes.example'] });
    expect([...dom.container.querySelectorAll('[part="origin"] code')].map((c) => c.textContent)).toEqual(['https://www.canyon.example', 'https://*.canyon-homes.example']);
  });

  it('shows NOT_FOUND for a partner the viewer does not administer', async () => {
    vi.mocked(api.loadPartnerSettings).mockResolvedValueOnce({ ok: false, failure: { kind: 'not-found', message: 'Partner not found.', code: 'NOT_FOUND', argument: null } });
    await renderConsole(99);
    expect(base().getAttribute('data-state')).toBe('failed');
    expect(dom.container.querySelector('[part="message"]')!.textContent).toBe('Partner not found.');
    expect(api.loadPartnerSettings).toHaveBeenCalledWith('99');
  });
});

describe('console-state', () => {
  it('sends only what differs, and themes the preview with the edited tokens', () => {
    expect(tabInput('theme', settings, { primaryColor: '#0b6e4f', textColor: settings.textColor, websiteName: 'x' })).toEqual({ primaryColor: '#0b6e4f' });
    expect(previewTokens(previewTheme(settings, { radius: 2 }))).toMatchObject({ '--hearth-color-primary': '#1d4ed8', '--hearth-radius': '2px' });
    expect(parseCountries(' us, ca np,')).toEqual(['US', 'CA', 'NP']);
    expect(refusedField({ kind: 'invalid', message: null, code: null, argument: 'input.radius' })).toBe('radius');
  });
});
