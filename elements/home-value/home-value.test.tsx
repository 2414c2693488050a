// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ElementHandle } from '../../core/define-element/define-element';
import { loadPhoneRules } from '../../core/format/phone-load';
import { valuationTexts as t } from '../../core/i18n/valuation';
import type { Place } from '../../core/places/places';
import { estimatedHomeValue } from '../../core/testing/home-value';
import { testRoot } from '../../core/testing/react-root';

const calls = vi.hoisted(() => ({
  loadHomeValue: vi.fn(),
  requestValuation: vi.fn(),
  searchPlaces: vi.fn(),
}));
vi.mock('../../core/valuation/valuation-api', async (original) => ({
  ...(await original<typeof import('../../core/valuation/valuation-api')>()),
  loadHomeValue: calls.loadHomeValue,
  requestValuation: calls.requestValuation,
}));
vi.mock('../../core/places/places', async (original) => ({
  ...(await original<typeof import('../../core/places/places')>()),
  searchPlaces: calls.searchPlaces,
}));

const { HomeValue } = await import('./home-value.view');


const HOME: Place = {
  description: '1387 S 1100 E, Salt Lake City, UT, USA',
  lat: 40.7376,
  lng: -111.8583,
  kind: 'address',
  placeId: 'address:1002',
};

const ESTIMATED = estimatedHomeValue();

const dom = testRoot();
let emit: ReturnType<typeof vi.fn>;
const $ = <T extends Element = HTMLElement>(selector: string) => dom.container.querySelector<T>(selector)!;
const advance = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const setValue = (el: HTMLInputElement, value: string) =>
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(el, value);
    el.dispatchEvent(new Event('input', { bubbles: true }));
  });
const button = (name: string) => [...dom.container.querySelectorAll('button')].find((b) => b.textContent === name)!;
const inputLabelled = (label: string) => {
  const l = [...dom.container.querySelectorAll('label')].find((x) => x.textContent?.replace(' *', '') === label)!;
  return dom.container.querySelector<HTMLInputElement>(`[id="${l.htmlFor}"]`)!;
};

async function render() {
  const element: ElementHandle = {
    tag: 'hearth-home-value',
    host: document.createElement('div'),
    emit,
  } as unknown as ElementHandle;
  dom.render(<HomeValue address="" listingId={null} element={element} />);
}

async function pickHome() {
  await advance(1000);
  const input = $<HTMLInputElement>('input[role="combobox"]');
  act(() => input.focus());
  setValue(input, '1387 S 1100');
  await advance(250);
  const option = [...dom.container.querySelectorAll('[role="option"]')].find((o) => o.textContent?.startsWith('1387 S 1100 E'))!;
  await act(async () => (option as HTMLElement).click());
}

// The phone rules' lazy chunk, in before the fake clock starts (the form waits for it before its checks).
beforeAll(() => loadPhoneRules());

beforeEach(() => {
  vi.useFakeTimers();
  calls.searchPlaces.mockResolvedValue({ ok: true, value: [HOME] });
  calls.loadHomeValue.mockResolvedValue({ ok: true, value: ESTIMATED });
  calls.requestValuation.mockResolvedValue({
    ok: true,
    value: { id: 'req-1', optIn: true, homeValue: ESTIMATED },
  });
  emit = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('<hearth-home-value>', () => {
  it('asks for an address before estimating', async () => {
    await render();
    expect($('.home-value').dataset.state).toBe('idle');
    await act(async () => button(t.getEstimate).click());
    expect($('[part="error"]').textContent).toBe(t.pickAddress);
    expect(calls.loadHomeValue).not.toHaveBeenCalled();
  });

  it('estimates the picked place with the facts given, and shows the range, the method and the comparables', async () => {
    await render();
    await pickHome();
    setValue(inputLabelled(t.livingArea), '2,240');
    await act(async () => button(t.getEstimate).click());
    await advance(0);
    expect(calls.loadHomeValue).toHaveBeenCalledWith({
      address: HOME.description,
      placeId: 'address:1002',
      latitude: HOME.lat,
      longitude: HOME.lng,
      listingId: null,
      homeType: null,
      bedrooms: null,
      bathrooms: null,
      livingArea: 2240,
      yearBuilt: null,
    });
    expect($('.home-value').dataset.state).toBe('estimated');
    expect($('[part="range"]').getAttribute('aria-label')).toBe(t.rangeLabel('$607,000', '$632,000', '$658,000'));
    expect($('[part="confidence"]').textContent).toBe('High confidence');
    expect($('[part="method"]').textContent).toBe(ESTIMATED.method);
    const comparables = [...dom.container.querySelectorAll('[part="comparable"]')];
    expect(comparables).toHaveLength(3);
    // What each is, plainly: when and for what it sold, how far, what it is; not a share of a formula.
    expect(comparables[0]!.querySelector('.comparable-sold')!.textContent).toBe('Sold Sep 2026 for $628,000 · 0.2 mi · 4 bd · 2 ba · 2,180 sq ft · Built 1936');
    expect(comparables[0]!.querySelector('.comparable-adjusted')!.textContent).toBe(t.adjusted('$635,000'));
    expect(comparables[0]!.textContent).not.toMatch(/% of the estimate/);
    // Demo data says so; a real sale does not.
    expect(comparables[0]!.querySelector('[part="demo-sale"]')!.textContent).toBe(`${t.demoSale}: ${t.demoSaleNote}`);
    expect(comparables[2]!.querySelector('[part="demo-sale"]')).toBeNull();
    expect($('[part="range-likely"]').textContent).toBe(t.rangeLikely('8 in 10', '$607,000', '$658,000'));
    expect(dom.container.querySelector('[part="listed"]')).toBeNull();
    const photos = [...dom.container.querySelectorAll<HTMLImageElement>('[part="comparable-photo"]')];
    expect(photos[0]!.src).toBe('https://api.example/media/listing/DEMO-SOLD-1101/1.svg');
    expect(photos[1]!.src).toMatch(/stock-home\.svg$/);
    expect(photos[0]!.alt).toBe(t.photoAlt('1245 E Harvard Ave, Salt Lake City, UT 84105'));
    expect(emit).toHaveBeenCalledWith(
      'home-value-estimated',
      expect.objectContaining({
        status: 'ESTIMATED',
        estimateInPennies: 63_200_000,
        comparableCount: 3,
      }),
    );
  });

  it('starts with the address attribute and estimates it as typed, with listing-id', async () => {
    const element = { tag: 'hearth-home-value', host: document.createElement('div'), emit } as unknown as ElementHandle;
    dom.render(<HomeValue address="1387 S 1100 E" listingId={1002} element={element} />);
    expect($<HTMLInputElement>('input[role="combobox"]').value).toBe('1387 S 1100 E');
    await act(async () => button(t.getEstimate).click());
    await advance(0);
    expect(calls.loadHomeValue).toHaveBeenCalledWith(expect.objectContaining({ address: '1387 S 1100 E', placeId: null, latitude: null, listingId: '1002' }));
  });

  it('says when the estimate leans on the home’s own list price', async () => {
    calls.loadHomeValue.mockResolvedValueOnce({ ok: true, value: estimatedHomeValue({ listPriceInPennies: 62_500_000 }) });
    await render();
    await pickHome();
    await act(async () => button(t.getEstimate).click());
    await advance(0);
    expect($('[part="listed"]').textContent).toBe(t.listed('$625,000'));
  });

  it('checks the facts before asking', async () => {
    await render();
    await pickHome();
    setValue(inputLabelled(t.bedrooms), 'many');
    await act(async () => button(t.getEstimate).click());
    expect(dom.container.textContent).toContain(t.errors.bedrooms);
    expect(calls.loadHomeValue).not.toHaveBeenCalled();
  });

  it("says 'Not enough sales nearby' without figures, and shows a failure with Try again", async () => {
    calls.loadHomeValue.mockResolvedValueOnce({
      ok: true,
      value: {
        ...ESTIMATED,
        status: 'NOT_ENOUGH_SALES',
        lowInPennies: null,
        estimateInPennies: null,
        highInPennies: null,
        confidence: null,
        comparables: [],
        method: 'Not enough sales nearby: …',
      },
    });
    await render();
    await pickHome();
    await act(async () => button(t.getEstimate).click());
    await advance(0);
    expect($('.home-value').dataset.state).toBe('not-enough-sales');
    expect($('[part="result"] h3').textContent).toBe(t.notEnoughSales);
    expect(dom.container.querySelector('[part="range"]')).toBeNull();
    expect(dom.container.querySelector('[part="comparable"]')).toBeNull();

    calls.loadHomeValue.mockResolvedValueOnce({
      ok: false,
      failure: { kind: 'network', message: null, code: null, argument: null },
    });
    await act(async () => button(t.getEstimate).click());
    await advance(0);
    expect($('.home-value').dataset.state).toBe('failed');
    expect(dom.container.textContent).toContain(t.loadFailed);
    await act(async () => button(t.retry).click());
    await advance(0);
    expect($('.home-value').dataset.state).toBe('estimated');
  });

  it('sends a precise valuation request with the contact and opt-in, after the contact form’s checks', async () => {
    await render();
    await pickHome();
    await act(async () => button(t.getEstimate).click());
    await advance(0);
    await act(async () => button(t.precise).click());
    expect(document.activeElement).toBe(inputLabelled(t.firstName));
    await act(async () => button(t.send).click());
    expect(dom.container.textContent).toContain('Please enter your first name');
    expect(calls.requestValuation).not.toHaveBeenCalled();
    setValue(inputLabelled(t.firstName), 'Olive');
    setValue(inputLabelled(t.lastName), 'Owner');
    setValue(inputLabelled(t.email), 'olive@example.com');
    setValue(inputLabelled(t.phone), '801.555.0199');
    await act(async () => $<HTMLInputElement>('[part="opt-in"] input').click());
    await act(async () => button(t.send).click());
    await advance(0);
    expect(calls.requestValuation).toHaveBeenCalledWith(
      expect.objectContaining({ placeId: 'address:1002' }),
      {
        firstName: 'Olive',
        lastName: 'Owner',
        email: 'olive@example.com',
        // Typed any way, sent in E.164 (issue 35).
        phone: '+18015550199',
      },
      true,
    );
    expect($('.home-value').dataset.request).toBe('sent');
    expect($('[part="thanks"]').textContent).toContain(t.requested);
    expect($('[part="thanks"]').textContent).toContain(t.requestedUpdates);
    expect(emit).toHaveBeenCalledWith('valuation-requested', {
      id: 'req-1',
      address: ESTIMATED.address,
      optIn: true,
    });
  });

  it('shows the server’s word on a refused contact field beside the field', async () => {
    calls.requestValuation.mockResolvedValueOnce({
      ok: false,
      failure: {
        kind: 'invalid',
        message: 'Email is invalid.',
        code: 'BAD_USER_INPUT',
        argument: 'email',
      },
    });
    await render();
    await pickHome();
    await act(async () => button(t.getEstimate).click());
    await advance(0);
    await act(async () => button(t.precise).click());
    setValue(inputLabelled(t.firstName), 'Olive');
    setValue(inputLabelled(t.lastName), 'Owner');
    setValue(inputLabelled(t.email), 'olive@example.com');
    setValue(inputLabelled(t.phone), '8015550199');
    await act(async () => button(t.send).click());
    await advance(0);
    expect($('.home-value').dataset.request).toBe('open');
    expect(inputLabelled(t.email).getAttribute('aria-invalid')).toBe('true');
    expect(dom.container.textContent).toContain('Email is invalid.');
  });
});
