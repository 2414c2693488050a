/**
 * The keyless basemap as drawn: the tile images of `useTileLayer` (use-tile-layer.ts) and the provider's
 * credit line. Both keyless maps render these (elements/search-map/keyless-map.tsx, the questionnaire's
 * widget map); their shared look is tile-layer.css, which each map's stylesheet list includes (with
 * `.basemap-plane` for the map's own plane: its border and grid).
 */
import { Fragment } from 'react';
import type { TileLayer } from './use-tile-layer';

export interface BasemapTilesProps {
  layer: TileLayer;
  /** The map's own class names for the layer and for each tile, besides the shared ones. */
  className?: string;
  tileClassName?: string;
  part?: string;
}

const classes = (shared: string, own: string | undefined) => (own ? `${shared} ${own}` : shared);

/** The tiles in view, nothing while there are none; a tile shows once it has loaded (`data-state="loaded"`). */
export function BasemapTiles({ layer, className, tileClassName, part }: BasemapTilesProps) {
  if (layer.tiles.length === 0) return null;
  return (
    <div className={classes('basemap-tiles', className)} part={part} aria-hidden="true">
      {layer.tiles.map((tile) => (
        <img
          key={tile.key}
          className={classes('basemap-tile', tileClassName)}
          src={tile.url}
          alt=""
          width={tile.size}
          height={tile.size}
          draggable={false}
          decoding="async"
          style={{ left: `${tile.left}px`, top: `${tile.top}px`, width: `${tile.size}px`, height: `${tile.size}px` }}
          onLoad={(event) => {
            // Shown once drawn: a tile that fails never shows a broken image.
            event.currentTarget.dataset.state = 'loaded';
            layer.onTileLoad(tile.key);
          }}
          onError={() => layer.onTileError(tile.key)}
        />
      ))}
    </div>
  );
}

export interface BasemapCreditProps {
  layer: TileLayer;
  className?: string;
  part?: string;
}

/** The credit line the provider asks for, its links opening apart; nothing while no tiles are drawn. */
export function BasemapCredit({ layer, className, part }: BasemapCreditProps) {
  if (layer.attribution.length === 0) return null;
  return (
    <p className={classes('basemap-credit', className)} part={part}>
      {layer.attribution.map((credit, i) => (
        <Fragment key={i}>
          {i > 0 && ' '}
          {credit.url ? (
            <a href={credit.url} target="_blank" rel="noopener noreferrer">
              {credit.text}
            </a>
          ) : (
            credit.text
          )}
        </Fragment>
      ))}
    </p>
  );
}
