/**
 * The start form's map of the home's pin (issue 36), in the seller dashboard's own lazy chunk: the
 * questionnaire's keyless map (questionnaire/widgets/map-pin/widget-map.tsx: our /tiles basemap, the pin fixed
 * at the centre). Dragging the map with a mouse or a finger, or the arrow keys while it has focus, moves the
 * spot under the pin; + and − zoom. The first zoom shows as much as the placing's precision leaves to find.
 */
import { useState } from 'react';
import { sellerTexts } from '../../core/i18n/sellers';
import type { PinPoint } from '../../core/sellers/home-pin';
import type { PinPrecision } from '../../core/sellers/use-start-listing';
import { WidgetMap } from '../../questionnaire/widgets/map-pin/widget-map';

/** The first zoom by precision: a street at an address, a neighbourhood at a ZIP's centre, a town at a city's. */
export const PIN_ZOOM: Record<PinPrecision, number> = { ADDRESS: 17, CHOSEN: 17, ZIP: 15, CITY: 13, STATE: 9 };
const MIN_ZOOM = 5;
const MAX_ZOOM = 19;

export interface HomePinMapProps {
  at: PinPoint;
  precision: PinPrecision;
  onMove(to: PinPoint): void;
}

export default function HomePinMap({ at, precision, onMove }: HomePinMapProps) {
  const [zoom, setZoom] = useState(PIN_ZOOM[precision]);
  return (
    <WidgetMap
      center={at}
      zoom={zoom}
      minZoom={MIN_ZOOM}
      maxZoom={MAX_ZOOM}
      label={sellerTexts.start.pin.label}
      interactive
      onMove={(center, nextZoom) => {
        setZoom(Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, Math.round(nextZoom))));
        if (center.lat !== at.lat || center.lng !== at.lng) onMove(center);
      }}
    />
  );
}
