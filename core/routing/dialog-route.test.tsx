// @vitest-environment happy-dom
import { act, useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { testRoot } from '../testing/react-root';
import type { DialogName } from './dialog-paths';
import { dialogOf, useDialogRoute, useDialogRoutes, withDialog, withoutDialog, type OpenDialogRoute } from './dialog-route';

describe('dialog segments of a path', () => {
  it('finds the dialog a path ends with and the page under it', () => {
    expect(dialogOf('/listing/a/HRT1/request-tour')).toBe('request-tour');
    expect(dialogOf('/homes/listing/a/HRT1/make-offer/')).toBe('make-offer');
    expect(dialogOf('/listing/a/HRT1')).toBeNull();
    expect(dialogOf('/request-tour-guide')).toBeNull();
    expect(withoutDialog('/listing/a/HRT1/request-tour')).toBe('/listing/a/HRT1');
    expect(withoutDialog('/listing/a/HRT1/gallery/3')).toBe('/listing/a/HRT1');
    expect(withDialog('/listing/a/HRT1/', 'make-offer')).toBe('/listing/a/HRT1/make-offer');
    expect(withDialog('/listing/a/HRT1/request-tour', 'make-offer')).toBe('/listing/a/HRT1/make-offer');
  });
});

const dom = testRoot();
let api: { open: boolean; setOpen: (open: boolean) => void };
beforeEach(() => {
  history.replaceState(null, '', '/listing/a/HRT1?x=1');
});

function Dialogish({ enabled = true }: { enabled?: boolean }) {
  const [open, setOpen] = useState(false);
  api = { open, setOpen };
  useDialogRoute({ enabled, segment: 'request-tour', open, onOpen: () => setOpen(true), onClose: () => setOpen(false) });
  return null;
}

const popTo = async (go: () => void) => {
  await act(async () => {
    go();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
};

describe('useDialogRoute', () => {
  it('opening adds an entry for the dialog; closing goes back to the page', async () => {
    dom.render(<Dialogish />);
    const length = history.length;
    act(() => api.setOpen(true));
    expect(location.pathname + location.search).toBe('/listing/a/HRT1/request-tour?x=1');
    expect(history.length).toBe(length + 1);
    await popTo(() => api.setOpen(false));
    expect(location.pathname).toBe('/listing/a/HRT1');
  });

  it('back closes the dialog and forward opens it again', async () => {
    dom.render(<Dialogish />);
    act(() => api.setOpen(true));
    await popTo(() => history.back());
    expect(api.open).toBe(false);
    expect(location.pathname).toBe('/listing/a/HRT1');
    await popTo(() => history.forward());
    expect(api.open).toBe(true);
  });

  it("arriving on the dialog's URL opens it; closing goes up to the page as a new entry, so back opens it again", async () => {
    history.replaceState(null, '', '/listing/a/HRT1/request-tour');
    const length = history.length;
    dom.render(<Dialogish />);
    expect(api.open).toBe(true);
    act(() => api.setOpen(false));
    expect(location.pathname).toBe('/listing/a/HRT1');
    expect(history.length).toBe(length + 1);
    await popTo(() => history.back());
    expect(api.open).toBe(true);
    expect(location.pathname).toBe('/listing/a/HRT1/request-tour');
    await popTo(() => history.forward());
    expect(api.open).toBe(false);
  });

  it('leaves the URL alone without route-sync', () => {
    dom.render(<Dialogish enabled={false} />);
    act(() => api.setOpen(true));
    expect(location.pathname).toBe('/listing/a/HRT1');
  });
});

let routes: { open: OpenDialogRoute | null; setOpen: (open: OpenDialogRoute | null) => void };
function TwoLevel({ dialogs }: { dialogs: DialogName[] }) {
  const [open, setOpen] = useState<OpenDialogRoute | null>(null);
  routes = { open, setOpen };
  useDialogRoutes({ enabled: true, dialogs, open, onOpen: setOpen, onClose: () => setOpen(null) });
  return null;
}

describe('useDialogRoutes: dialogs with a parameter, two levels deep', () => {
  it('the gallery: opening pushes gallery/{index}, moving replaces it, closing goes back up two levels', async () => {
    dom.render(<TwoLevel dialogs={['gallery', 'showcase']} />);
    const length = history.length;
    act(() => routes.setOpen({ dialog: 'gallery', param: '0' }));
    expect(location.pathname + location.search).toBe('/listing/a/HRT1/gallery/0?x=1');
    act(() => routes.setOpen({ dialog: 'gallery', param: '3' }));
    expect(location.pathname).toBe('/listing/a/HRT1/gallery/3');
    expect(history.length).toBe(length + 1);
    await popTo(() => routes.setOpen(null));
    expect(location.pathname).toBe('/listing/a/HRT1');
    await popTo(() => history.forward());
    expect(routes.open).toEqual({ dialog: 'gallery', param: '3' });
  });

  it("the showcase's photo opens the gallery in its place (../../gallery/{index})", () => {
    dom.render(<TwoLevel dialogs={['gallery', 'showcase']} />);
    act(() => routes.setOpen({ dialog: 'showcase', param: 'photos' }));
    expect(location.pathname).toBe('/listing/a/HRT1/showcase/photos');
    act(() => routes.setOpen({ dialog: 'gallery', param: '2' }));
    expect(location.pathname).toBe('/listing/a/HRT1/gallery/2');
  });

  it('a reload of an edit-tour URL opens that tour; closing goes up two levels; back opens it, forward closes it', async () => {
    history.replaceState(null, '', '/account/buying/tours/edit-tour/42');
    dom.render(<TwoLevel dialogs={['edit-tour', 'seller-edit-tour']} />);
    expect(routes.open).toEqual({ dialog: 'edit-tour', param: '42' });
    act(() => routes.setOpen(null));
    expect(location.pathname).toBe('/account/buying/tours');
    await popTo(() => history.back());
    expect(routes.open).toEqual({ dialog: 'edit-tour', param: '42' });
    await popTo(() => history.forward());
    expect(routes.open).toBeNull();
  });

  it("leaves other elements' dialogs alone", () => {
    history.replaceState(null, '', '/account/mortgage/status/5');
    dom.render(<TwoLevel dialogs={['edit-tour']} />);
    expect(routes.open).toBeNull();
    expect(location.pathname).toBe('/account/mortgage/status/5');
  });
});
