/**
 * The map provider interface. The search element owns the state (viewport, markers, the highlighted
 * listing) and a provider only draws it and reports what the visitor did, so the keyless panel
 * (`elements/search-map/keyless-map.tsx`) and a Google Maps surface (when the partner config holds a maps
 * key; loaded only when the map becomes visible) are interchangeable.
 */
import type { ComponentType } from 'react';
import type { MapMarker } from './markers';
import type { LatLng, Viewport } from './projection';

export interface MapSurfaceProps {
  viewport: Viewport;
  markers: readonly MapMarker[];
  /** The listing whose card is hovered or focused; its pin is drawn raised. */
  highlightedId: string | null;
  /** Accessible name of the map region. */
  label: string;
  /** The visitor panned or zoomed (buttons, keys, drag, a cluster). */
  onViewportChange(viewport: Viewport): void;
  /** The map's size changed (CSS pixels). */
  onResize(width: number, height: number): void;
  onHighlight(listingId: string | null): void;
  /** A pin was activated. */
  onSelectPin(listingId: string): void;
  /** Draw-a-shape: the shape being drawn, or the searched one (drawn as an overlay); null for none. */
  shape?: readonly LatLng[] | null;
  /** Draw mode: clicks (and Enter at the crosshair) add vertices through `onDrawVertex` instead of panning. */
  drawing?: boolean;
  onDrawVertex?(position: LatLng): void;
}

export type MapSurface = ComponentType<MapSurfaceProps>;
