/**
 * State of the keyless map's tile layer: which tile images to draw for the viewport, and what happened to
 * them. At each zoom one tile (the centre's) is asked first; only when it loads are the others asked, so a
 * provider that is down (or a browser offline) costs one failed image, not a screenful, and the map keeps
 * its grid. The probe stays the same tile while it is in view (a map that settles its size or pans a little
 * while the probe is in flight asks no second one). A tile that fails later is left out; a new zoom asks
 * again. Only the visible tiles are asked for: nothing is fetched ahead.
 */
import { useRef, useState } from 'react';
import { useSignalEffect, wanted } from '../state/use-signal-effect';
import type { Viewport } from './projection';
import { loadBasemap, type AttributionPart, type Basemap } from './basemap';
import { tilesInView, tileUrl } from './tiles';

export type TileLayerStatus = 'off' | 'probing' | 'ready' | 'unavailable';

export interface DrawnTile {
  key: string;
  url: string;
  left: number;
  top: number;
  size: number;
}

export interface TileLayer {
  status: TileLayerStatus;
  tiles: DrawnTile[];
  /** The credit line to show while tiles are drawn; empty otherwise. */
  attribution: AttributionPart[];
  onTileLoad(key: string): void;
  onTileError(key: string): void;
}

interface ZoomState {
  zoom: number;
  status: 'probing' | 'ready' | 'unavailable';
  failed: ReadonlySet<string>;
}

const fresh = (zoom: number): ZoomState => ({ zoom, status: 'probing', failed: new Set() });

/** `highDensity`: the screen has more than one device pixel per CSS pixel (use @2x tiles when they exist). */
export function useTileLayer(viewport: Viewport, highDensity: boolean): TileLayer {
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  useSignalEffect((signal) => void wanted(signal, loadBasemap()).then(setBasemap), []);

  const zoom = Math.round(viewport.zoom);
  const [stored, setStored] = useState<ZoomState>(() => fresh(zoom));
  // A new zoom starts over (an archive may hold some zooms only; a provider may be back).
  const state = stored.zoom === zoom ? stored : fresh(zoom);
  const update = (change: (current: ZoomState) => ZoomState) => setStored((current) => change(current.zoom === zoom ? current : fresh(zoom)));
  // The tile asked first at this zoom (kept across renders; its answer decides the zoom's status).
  const probe = useRef<{ zoom: number; key: string } | null>(null);

  if (!basemap) return { status: 'off', tiles: [], attribution: [], onTileLoad: () => undefined, onTileError: () => undefined };

  const retina = highDensity && basemap.retina;
  const visible = state.status === 'unavailable' ? [] : tilesInView(viewport, basemap).filter((tile) => !state.failed.has(tile.key));
  const drawn = (state.status === 'probing' ? probeTile(visible, probe, zoom) : visible).map((tile) => ({
    key: tile.key,
    url: tileUrl(basemap.template, tile, retina),
    left: tile.left,
    top: tile.top,
    size: tile.size,
  }));
  return {
    status: state.status,
    tiles: drawn,
    attribution: state.status === 'unavailable' ? [] : basemap.attribution,
    onTileLoad: () => update((current) => (current.status === 'probing' ? { ...current, status: 'ready' } : current)),
    onTileError: (key) =>
      update((current) =>
        current.status === 'probing' ? { ...current, status: 'unavailable' } : { ...current, failed: new Set([...current.failed, key]) },
      ),
  };
}

/** While probing, the one tile to draw: the probe already asked at this zoom if it is still in view, else the centre's. */
function probeTile<T extends { key: string }>(wanted: T[], probe: { current: { zoom: number; key: string } | null }, zoom: number): T[] {
  const held = probe.current?.zoom === zoom ? wanted.find((tile) => tile.key === probe.current!.key) : undefined;
  const tile = held ?? wanted[0];
  if (tile) probe.current = { zoom, key: tile.key };
  return tile ? [tile] : [];
}
