/**
 * The keyless map's basemap: what our API says about it (GET /tiles/source.json: its credit line, @2x,
 * zooms; server/tiles), asked once per page, and the template of its tiles on the API origin. Null when
 * there is none (a production server without a provider) or it cannot be asked: the map keeps its grid.
 */
import * as z from 'zod/mini';
import { runtimeSettings } from '../config/config';
import { lazySchema } from '../validation/lazy-schema';
import { TILE_ROUTE, type TileZooms } from './tiles';

export interface AttributionPart {
  text: string;
  url?: string;
}

export interface Basemap extends TileZooms {
  /** `<api>/tiles/{z}/{x}/{y}{r}.png?partner=…` */
  template: string;
  attribution: AttributionPart[];
  retina: boolean;
}

const sourceSchema = lazySchema(() =>
  z.object({
    basemap: z.nullable(
      z.object({
        attribution: z
          .array(z.object({ text: z.string().check(z.maxLength(300)), url: z.optional(z.string().check(z.maxLength(2048), z.regex(/^https?:\/\//))) }))
          .check(z.maxLength(20)),
        retina: z.boolean(),
        minZoom: z.int().check(z.minimum(0), z.maximum(30)),
        maxZoom: z.int().check(z.minimum(0), z.maximum(30)),
      }),
    ),
  }),
);

let asked: Promise<Basemap | null> | undefined;

/** Asks the API once per page; never throws. */
export function loadBasemap(win: Window = window): Promise<Basemap | null> {
  asked ??= (async () => {
    const { api, partner } = runtimeSettings(win);
    const query = partner ? `?partner=${encodeURIComponent(partner)}` : '';
    try {
      const response = await fetch(`${api}/tiles/source.json${query}`, { credentials: 'omit' });
      if (!response.ok) return null;
      const parsed = sourceSchema.safeParse(await response.json());
      const basemap = parsed.success ? parsed.data.basemap : null;
      return basemap && { ...basemap, template: `${api}${TILE_ROUTE}${query}` };
    } catch {
      return null;
    }
  })();
  return asked;
}
