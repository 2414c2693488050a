/**
 * A drawing pad for an electronic signature (issue 20): a <canvas> drawn on with pointer events (mouse, pen and
 * touch alike; `touch-action: none` keeps a finger from scrolling the page), a Clear button, and the drawing as a
 * PNG data URL (what POST /v1/api/generated-pdfs/{id}/sign takes as `signature`). It has no keyboard way to draw:
 * the form beside it offers typing the name instead, and says so in the pad's label.
 */
import { useCallback, useEffect, useRef } from 'react';
import { signatureTexts as s } from '../../core/i18n/signature';
import { Button } from '../../core/ui/button';

/** The pad's size in CSS pixels; the bitmap is drawn at the device pixel ratio for a sharp line. */
const WIDTH = 360;
const HEIGHT = 120;

export interface SignaturePadProps {
  /** The drawing as a PNG data URL, or null once cleared. */
  onChange: (png: string | null) => void;
}

export function SignaturePad({ onChange }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const drawn = useRef(false);

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const ratio = Math.min(2, Math.max(1, typeof devicePixelRatio === 'number' ? devicePixelRatio : 1));
    el.width = WIDTH * ratio;
    el.height = HEIGHT * ratio;
    const context = el.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#0d2673';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: ((event.clientX - box.left) / (box.width || WIDTH)) * WIDTH, y: ((event.clientY - box.top) / (box.height || HEIGHT)) * HEIGHT };
  };

  const stroke = (to: { x: number; y: number }) => {
    const context = canvas.current?.getContext('2d');
    const from = last.current ?? to;
    if (context) {
      context.beginPath();
      context.moveTo(from.x, from.y);
      // A dot for a tap: a line of (almost) no length still gets round caps.
      context.lineTo(to.x + (from.x === to.x && from.y === to.y ? 0.01 : 0), to.y);
      context.stroke();
    }
    last.current = to;
    drawn.current = true;
  };

  const finish = () => {
    if (!last.current) return;
    last.current = null;
    if (drawn.current && canvas.current) onChange(canvas.current.toDataURL('image/png'));
  };

  const clear = useCallback(() => {
    const el = canvas.current;
    el?.getContext('2d')?.clearRect(0, 0, WIDTH, HEIGHT);
    drawn.current = false;
    last.current = null;
    onChange(null);
  }, [onChange]);

  return (
    <div className="signature-pad" part="signature-pad">
      <canvas
        ref={canvas}
        part="signature-canvas"
        role="img"
        aria-label={s.padLabel}
        width={WIDTH}
        height={HEIGHT}
        onPointerDown={(event) => {
          event.preventDefault();
          event.currentTarget.setPointerCapture?.(event.pointerId);
          last.current = null;
          stroke(point(event));
        }}
        onPointerMove={(event) => {
          if (last.current) stroke(point(event));
        }}
        onPointerUp={finish}
        onPointerCancel={finish}
        onPointerLeave={finish}
      />
      <Button tone="secondary" part="signature-clear" onClick={clear}>
        {s.clear}
      </Button>
    </div>
  );
}
