// @vitest-environment happy-dom
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Result } from '../graphql/call';
import { hearthStore } from '../state/store';
import { material, template } from '../testing/marketing-material';
import { testRoot } from '../testing/react-root';
import type { MarketingMaterial, MarketingWorkspace } from './marketing-api';

const loadMarketing = vi.hoisted(() => vi.fn<(caseId: number) => Promise<Result<MarketingWorkspace>>>());
const loadMaterial = vi.hoisted(() => vi.fn<(id: string) => Promise<Result<MarketingMaterial>>>());
const createMaterial = vi.hoisted(() => vi.fn<(caseId: number, templateId: string) => Promise<Result<MarketingMaterial>>>());
const saveMaterial = vi.hoisted(() => vi.fn());
vi.mock('./marketing-api', () => ({ loadMarketing, loadMaterial, createMaterial, saveMaterial }));
vi.mock('../auth/session', async (original) => ({ ...(await original<object>()), ensureSession: vi.fn(async () => undefined) }));

const { sessionAtom } = await import('../auth/session');
const { useMarketing, RENDER_POLL_MS, LINK_REFRESH_MS } = await import('./use-marketing');

const dom = testRoot();
let latest: ReturnType<typeof useMarketing>;
const element = { tag: 'hearth-marketing', host: document.createElement('hearth-marketing'), emit: vi.fn() };

function Probe() {
  latest = useMarketing(7, element);
  return null;
}

const flush = () =>
  act(async () => {
    for (let i = 0; i < 8; i++) await Promise.resolve();
  });

beforeEach(() => {
  vi.clearAllMocks();
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  hearthStore.set(sessionAtom, { status: 'authenticated', user: { id: 5 }, token: 't' } as never);
  loadMarketing.mockResolvedValue({ ok: true, value: { templates: [template], materials: [], listingAgent: { agent: null, candidates: [], canChange: false } } });
});
afterEach(() => vi.useRealTimers());

describe('useMarketing: the saved version’s files', () => {
  it('asks again every few seconds while they are rendering, keeping the draft, then only to renew the links', async () => {
    createMaterial.mockResolvedValue({ ok: true, value: { ...material, renderStatus: 'RENDERING' } });
    loadMaterial
      .mockResolvedValueOnce({ ok: true, value: { ...material, renderStatus: 'RENDERING' } })
      .mockResolvedValue({ ok: true, value: { ...material, renderStatus: 'READY', pngUrl: 'https://api.test/fresh.png' } });
    await dom.renderAsync(<Probe />);
    await flush();
    await act(() => latest.create(template.id));
    act(() => latest.setText('headline', 'Open Sunday'));
    expect(latest.editing!.material.renderStatus).toBe('RENDERING');

    for (const expected of ['RENDERING', 'READY']) {
      await act(async () => void vi.advanceTimersByTime(RENDER_POLL_MS));
      await flush();
      expect(latest.editing!.material.renderStatus).toBe(expected);
    }
    expect(loadMaterial).toHaveBeenCalledTimes(2);
    expect(latest.editing!.material.pngUrl).toBe('https://api.test/fresh.png');
    expect(latest.editing!.draft.texts).toEqual({ headline: 'Open Sunday' });
    // Ready: no more asking every few seconds, only the links' renewal.
    await act(async () => void vi.advanceTimersByTime(RENDER_POLL_MS * 3));
    expect(loadMaterial).toHaveBeenCalledTimes(2);
    await act(async () => void vi.advanceTimersByTime(LINK_REFRESH_MS));
    await flush();
    expect(loadMaterial).toHaveBeenCalledTimes(3);
  });
});
