import { describe, expect, it } from 'vitest';
import { allowOutbound } from '../http/outbound';
import { attributionFromHtml, OSM_TILE_URL, parseAttribution, partnerTileSource, TileSettingError, tileSettings } from './settings';

const OSM = { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' };

describe('tile settings', () => {
  it('development without a setting: the OpenStreetMap tile server, credited as OpenStreetMap asks', () => {
    const settings = tileSettings({}, false, {});
    expect(settings.source).toEqual({ kind: 'xyz', url: OSM_TILE_URL, attribution: [OSM] });
    expect(OSM_TILE_URL).toBe('https://tile.openstreetmap.org/{z}/{x}/{y}.png');
    expect(settings.concurrency).toBe(4);
  });

  it('production without a setting: no basemap (the OpenStreetMap servers are for development only), and a warning', () => {
    const settings = tileSettings({}, true, {});
    expect(settings.source).toBeNull();
    expect(settings.warnings).toEqual([expect.stringMatching(/^no basemap: set HEARTH_TILES_URL/)]);
    expect(tileSettings({}, false, {}).warnings).toEqual([]);
  });

  it('warns when production names the OpenStreetMap tile servers', () => {
    expect(tileSettings({ url: OSM_TILE_URL }, true, {}).warnings).toEqual([expect.stringMatching(/for development only/)]);
    expect(tileSettings({ url: 'https://tiles.example/{z}/{x}/{y}.png' }, true, {}).warnings).toEqual([]);
  });

  it('reads the environment; options win over it', () => {
    const env = { HEARTH_TILES_URL: 'https://tiles.example/{z}/{x}/{y}{r}.png', HEARTH_TILES_ATTRIBUTION: '[© Example](https://tiles.example/about)', HEARTH_TILES_CONTACT: 'ops@example.com' };
    expect(tileSettings({}, true, env)).toMatchObject({
      source: { kind: 'xyz', url: 'https://tiles.example/{z}/{x}/{y}{r}.png', attribution: [{ text: '© Example', url: 'https://tiles.example/about' }] },
      contact: 'ops@example.com',
    });
    expect(tileSettings({ url: 'http://127.0.0.1:9/{z}/{x}/{y}.png' }, true, env).source).toMatchObject({ url: 'http://127.0.0.1:9/{z}/{x}/{y}.png' });
  });

  it('an archive wins over a provider', () => {
    expect(tileSettings({}, true, { HEARTH_TILES_PMTILES: '/srv/basemap.pmtiles', HEARTH_TILES_URL: OSM_TILE_URL }).source).toEqual({
      kind: 'pmtiles',
      path: '/srv/basemap.pmtiles',
      attribution: null,
    });
  });

  it('refuses a template without {z}, {x} and {y}, or not over http(s)', () => {
    expect(() => tileSettings({ url: 'https://tiles.example/{z}/{x}.png' }, false, {})).toThrow(TileSettingError);
    expect(() => tileSettings({ url: 'ftp://tiles.example/{z}/{x}/{y}.png' }, false, {})).toThrow(/http\(s\) URL with \{z\}, \{x\} and \{y\}/);
  });
});

describe('attribution', () => {
  it('a setting: plain text, and [text](url) links', () => {
    expect(parseAttribution('[© OpenStreetMap contributors](https://www.openstreetmap.org/copyright)')).toEqual([OSM]);
    expect(parseAttribution('Tiles © Example Maps — [© OpenStreetMap contributors](https://www.openstreetmap.org/copyright)')).toEqual([
      { text: 'Tiles © Example Maps —' },
      OSM,
    ]);
  });

  it('never takes a link that is not http(s)', () => {
    expect(parseAttribution('[click](javascript:alert(1))')).toEqual([{ text: '[click](javascript:alert(1))' }]);
  });

  it("an archive's HTML: links kept, other tags dropped, entities decoded", () => {
    expect(attributionFromHtml('<a href="https://protomaps.com" target="_blank">Protomaps</a> <b>&copy;</b> <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>')).toEqual([
      { text: 'Protomaps', url: 'https://protomaps.com' },
      { text: '©' },
      { text: 'OpenStreetMap', url: 'https://www.openstreetmap.org/copyright' },
    ]);
    expect(attributionFromHtml('<a href="javascript:x()">bad</a> &#169; data')).toEqual([{ text: 'bad © data' }]);
  });
});

describe("a partner's own provider (tileSource in its stored config)", () => {
  it('is read with its credit line', () => {
    expect(partnerTileSource({ tileSource: { url: 'https://tiles.example/{z}/{x}/{y}.png?key=k', attribution: '[© Example](https://tiles.example/)' } })).toEqual({
      kind: 'xyz',
      url: 'https://tiles.example/{z}/{x}/{y}.png?key=k',
      attribution: [{ text: '© Example', url: 'https://tiles.example/' }],
    });
  });

  it('is none when not named, and invalid when named badly', () => {
    expect(partnerTileSource({ agentName: 'Avery' })).toBeNull();
    expect(partnerTileSource(null)).toBeNull();
    expect(partnerTileSource({ tileSource: { url: 'https://tiles.example/tile.png' } })).toBe('invalid');
    expect(partnerTileSource({ tileSource: 'https://tiles.example/{z}/{x}/{y}.png' })).toBe('invalid');
  });

  it('is invalid at an internal address or name, in any spelling, unless the operator allowed that address', () => {
    const internal = 'http://127.0.0.1:19190/secret/{z}/{x}/{y}.png';
    for (const url of [internal, 'http://2130706433:19190/{z}/{x}/{y}.png', 'http://[::1]/{z}/{x}/{y}.png', 'https://tiles.localhost./{z}/{x}/{y}.png', 'http://169.254.169.254/{z}/{x}/{y}.png']) {
      expect(partnerTileSource({ tileSource: { url } }), url).toBe('invalid');
    }
    const withdraw = allowOutbound(['127.0.0.1:19190']);
    try {
      expect(partnerTileSource({ tileSource: { url: internal } })).toMatchObject({ kind: 'xyz', url: internal });
    } finally {
      withdraw();
    }
  });
});
