/**
 * hu-map-pin (widget spec §3, §4, §9): a map with the pin fixed at its centre. Dragging the map (mouse,
 * finger) or the arrow keys move the place under the pin; the pin lifts while the map moves and settles
 * 500 ms after the last movement (bounds debounce), and the latitude/longitude are written after a 500 ms
 * pause (pin delay). The hint 'Drag the map to reposition the pin' shows until the first move. 'Looks
 * good' is enabled only when the answer is valid and non-empty; it advances the single-question step
 * (which scrolls to the top).
 */
import { useEffect, useRef, useState } from 'react';
import { WidgetFrame } from '../../client/widget-frame';
import type { WidgetModule, WidgetProps } from '../../client/widget-module';
import { coordinateText } from '../map-address/map-address.rules';
import { widgetTexts } from '../texts';
import { isRequired } from '../widget';
import {
  clampZoom,
  initialCenter,
  initialZoom,
  MAP_BOUNDS_DEBOUNCE_MS,
  MAP_PIN_DELAY_MS,
  MAP_PIN_MAX_ZOOM,
  MAP_PIN_MIN_ZOOM,
  mapPinRules,
  pinVariables,
} from './map-pin.rules';
import { WidgetMap } from './widget-map';

const t = widgetTexts.mapPin;

/**
 * Spec §4: 'Looks good' is hidden on the last step. The engine says so with `lastStep` (single-question
 * mode, the step showing Submit); an engine that does not say shows the button.
 */
const isLastStep = (env: WidgetProps['env']) => env.lastStep === true;

function MapPinWidget({ spec, values, onChange, errors, showErrors, env }: WidgetProps) {
  const [latVar, lngVar] = pinVariables(spec);
  const [center, setCenter] = useState(() => initialCenter(spec, values));
  const [zoom, setZoom] = useState(() => initialZoom(spec));
  const [moving, setMoving] = useState(false);
  const [moved, setMoved] = useState(false);
  const settle = useRef<ReturnType<typeof setTimeout>>(undefined);
  const write = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(
    () => () => {
      clearTimeout(settle.current);
      clearTimeout(write.current);
    },
    [],
  );

  const onMove = (next: { lat: number; lng: number }, nextZoom: number) => {
    setCenter(next);
    setZoom(clampZoom(nextZoom));
    setMoving(true);
    setMoved(true);
    clearTimeout(settle.current);
    settle.current = setTimeout(() => setMoving(false), MAP_BOUNDS_DEBOUNCE_MS);
    clearTimeout(write.current);
    write.current = setTimeout(
      () =>
        latest.current({
          [latVar]: coordinateText(next.lat),
          [lngVar]: coordinateText(next.lng),
        }),
      MAP_PIN_DELAY_MS,
    );
  };

  const lat = values[latVar] ?? '';
  const lng = values[lngVar] ?? '';
  const ready = errors === null && mapPinRules.hasValue(spec, values);
  return (
    <WidgetFrame spec={spec} errors={errors} showErrors={showErrors} required={isRequired(spec)} preview={mapPinRules.display(spec, values)}>
      {() => (
        <div className="widget-map-pin-widget">
          <WidgetMap
            center={center}
            zoom={zoom}
            minZoom={MAP_PIN_MIN_ZOOM}
            maxZoom={MAP_PIN_MAX_ZOOM}
            label={t.map}
            interactive
            pinState={moving ? 'moving' : 'idle'}
            onMove={onMove}
          >
            {!moved && (
              <p className="widget-map-hint" part="map-hint">
                {t.hint}
              </p>
            )}
          </WidgetMap>
          <p className="widget-subtitle" part="map-position" aria-live="polite">
            {lat && lng ? t.position(lat, lng) : ''}
          </p>
          {!isLastStep(env) && (
            <div className="widget-map-actions">
              <button
                type="button"
                className="button button-primary"
                part="looks-good"
                disabled={!ready}
                onClick={() => {
                  // In single-question mode the step advances and the form scrolls to its top.
                  env.advance();
                }}
              >
                {t.looksGood}
              </button>
            </div>
          )}
        </div>
      )}
    </WidgetFrame>
  );
}

export default {
  Widget: MapPinWidget,
  rules: mapPinRules,
} satisfies WidgetModule;
