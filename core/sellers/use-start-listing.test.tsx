// @vitest-environment happy-dom
/**
 * Starting a listing from a typed address (issue 36): its parts fill the form, it starts at the pin
 * sellerAddress gave; an address we could not place is placed again from the parts the seller corrected,
 * and one still nowhere is said so rather than started at a made-up point.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sellerTexts } from '../i18n/sellers';
import { testRoot } from '../testing/react-root';
import type { TypedAddressAnswer } from './sellers-api';

const loadSellerAddress = vi.hoisted(() => vi.fn());
const createSeller = vi.hoisted(() => vi.fn());
const loadHomeAt = vi.hoisted(() => vi.fn());
vi.mock('./sellers-api', () => ({ loadSellerAddress, createSeller }));
vi.mock('../places/home-at-api', () => ({ loadHomeAt }));
vi.mock('../auth/require-sign-in', () => ({ requireSignIn: vi.fn(async () => ({ id: 5 })) }));

const { REPLACE_DELAY_MS, useStartListing } = await import('./use-start-listing');

const dom = testRoot();
let latest: ReturnType<typeof useStartListing>;
const onCreated = vi.fn();

function Probe({ text }: { text: string }) {
  latest = useStartListing({ text }, onCreated);
  return null;
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await Promise.resolve();
  });

const answer = (over: Partial<TypedAddressAnswer>): { ok: true; value: TypedAddressAnswer } => ({
  ok: true,
  value: { address: '12 Elm St', aptSuite: null, city: 'Nowhereville', county: '', short_state: '', zip_code: '', lat: null, lng: null, located: 'NONE', ...over },
});

beforeEach(() => {
  vi.clearAllMocks();
  createSeller.mockResolvedValue({ ok: true, value: { caseId: '41', listingId: '900000001', responseId: 'r' } });
});

describe('useStartListing from a typed address', () => {
  it('fills the form from the parts and starts at the pin sellerAddress gave', async () => {
    loadSellerAddress.mockResolvedValue(answer({ address: '1234 S 700 E', city: 'Salt Lake City', county: 'Salt Lake', short_state: 'UT', zip_code: '84106', lat: 40.7, lng: -111.87, located: 'ZIP' }));
    await dom.renderAsync(<Probe text="1234 S 700 E, Salt Lake City, UT 84106" />);
    await flush();
    expect(latest.lookup).toEqual({ status: 'typed', located: 'ZIP' });
    expect(latest.form).toMatchObject({ address: '1234 S 700 E', city: 'Salt Lake City', short_state: 'UT', zip_code: '84106' });
    await act(async () => latest.submit());
    await flush();
    expect(loadHomeAt).not.toHaveBeenCalled();
    expect(loadSellerAddress).toHaveBeenCalledTimes(1);
    expect(createSeller).toHaveBeenCalledWith(expect.objectContaining({ address: '1234 S 700 E', zip_code: '84106', lat: 40.7, lng: -111.87 }), 'SALE', null);
    expect(onCreated).toHaveBeenCalled();
  });

  it('places an address we could not place again from the corrected parts; still nowhere, it says so and starts nothing', async () => {
    loadSellerAddress.mockResolvedValueOnce(answer({}));
    await dom.renderAsync(<Probe text="12 Elm St, Nowhereville" />);
    await flush();
    expect(latest.lookup).toEqual({ status: 'typed', located: 'NONE' });
    act(() => latest.change({ city: 'Provo', short_state: 'UT', zip_code: '84601' }));
    loadSellerAddress.mockResolvedValueOnce(answer({ city: 'Provo', short_state: 'UT', zip_code: '84601', lat: 40.23, lng: -111.66, located: 'ZIP' }));
    await act(async () => latest.submit());
    await flush();
    expect(loadSellerAddress).toHaveBeenLastCalledWith('12 Elm St, Provo, UT 84601');
    expect(createSeller).toHaveBeenCalledWith(expect.objectContaining({ city: 'Provo', lat: 40.23, lng: -111.66 }), 'SALE', null);

    createSeller.mockClear();
    act(() => latest.change({ zip_code: '99999' }));
    loadSellerAddress.mockResolvedValueOnce(answer({ zip_code: '99999' }));
    // The first pin is still unknown (the typed text's answer had none): the parts are placed again, and fail.
    await act(async () => latest.submit());
    await flush();
    expect(createSeller).not.toHaveBeenCalled();
    expect(latest.error).toBe(sellerTexts.start.noPlace);
  });

  it('shows the server’s sentence for a refused text', async () => {
    loadSellerAddress.mockResolvedValue({ ok: false, failure: { kind: 'invalid', message: 'The address must be at most 200 characters.', code: 'BAD_USER_INPUT', argument: 'text' } });
    await dom.renderAsync(<Probe text="x" />);
    await flush();
    expect(latest.lookup).toEqual({ status: 'refused', message: 'The address must be at most 200 characters.' });
  });

  it("shows the first pin with its precision, and sends the pin the seller moved with the placed point; one too far is refused before asking", async () => {
    loadSellerAddress.mockResolvedValue(answer({ address: '1234 S 700 E', city: 'Salt Lake City', short_state: 'UT', zip_code: '84106', lat: 40.7, lng: -111.87, located: 'ZIP' }));
    await dom.renderAsync(<Probe text="1234 S 700 E, Salt Lake City, UT 84106" />);
    await flush();
    expect(latest.pin).toEqual({ placed: { lat: 40.7, lng: -111.87 }, at: { lat: 40.7, lng: -111.87 }, precision: 'ZIP', moved: false, problem: null });

    // Dragged about 90 km: said on submit, nothing sent.
    act(() => latest.movePin({ lat: 41.5, lng: -111.87 }));
    expect(latest.pin!.problem).toMatch(/within 50 km/);
    await act(async () => latest.submit());
    await flush();
    expect(createSeller).not.toHaveBeenCalled();
    expect(latest.error).toBe(latest.pin!.problem);

    act(() => latest.movePin({ lat: 40.7012, lng: -111.8731 }));
    expect(latest.pin).toMatchObject({ at: { lat: 40.7012, lng: -111.8731 }, moved: true, problem: null });
    await act(async () => latest.submit());
    await flush();
    expect(createSeller).toHaveBeenCalledWith(expect.objectContaining({ lat: 40.7, lng: -111.87 }), 'SALE', { lat: 40.7012, lng: -111.8731 });
  });

  it('places the parts the seller corrected again after a pause: the pin moves to the new place, and a move made before starts there again', async () => {
    loadSellerAddress.mockResolvedValue(answer({ address: '77 Elm St', city: 'Provo', short_state: 'UT', zip_code: '', lat: 40.23, lng: -111.66, located: 'CITY' }));
    await dom.renderAsync(<Probe text="77 Elm St Provo UT" />);
    await flush();
    expect(latest.pin).toMatchObject({ placed: { lat: 40.23, lng: -111.66 }, precision: 'CITY', moved: false });
    act(() => latest.movePin({ lat: 40.24, lng: -111.66 }));
    expect(latest.pin).toMatchObject({ at: { lat: 40.24, lng: -111.66 }, moved: true });

    // The seller adds the ZIP: nothing is asked while they type, then the parts are placed at that ZIP's centre.
    loadSellerAddress.mockClear();
    loadSellerAddress.mockResolvedValue(answer({ address: '77 Elm St', city: 'Provo', short_state: 'UT', zip_code: '84604', lat: 40.26, lng: -111.65, located: 'ZIP' }));
    vi.useFakeTimers();
    try {
      act(() => latest.change({ zip_code: '84604' }));
      act(() => void vi.advanceTimersByTime(REPLACE_DELAY_MS - 1));
      await flush();
      expect(loadSellerAddress).not.toHaveBeenCalled();
      act(() => void vi.advanceTimersByTime(1));
      await flush();
    } finally {
      vi.useRealTimers();
    }
    expect(loadSellerAddress).toHaveBeenCalledWith('77 Elm St, Provo, UT 84604');
    expect(latest.pin).toEqual({ placed: { lat: 40.26, lng: -111.65 }, at: { lat: 40.26, lng: -111.65 }, precision: 'ZIP', moved: false, problem: null });

    // Moved from there, it is sent with the new placed point.
    act(() => latest.movePin({ lat: 40.261, lng: -111.652 }));
    await act(async () => latest.submit());
    await flush();
    expect(createSeller).toHaveBeenCalledWith(expect.objectContaining({ zip_code: '84604', lat: 40.26, lng: -111.65 }), 'SALE', { lat: 40.261, lng: -111.652 });
  });
});
