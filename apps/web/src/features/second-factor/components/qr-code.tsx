import { generate } from 'lean-qr';
import { toSvgPath } from 'lean-qr/extras/svg';
import { useMemo } from 'react';

/** The quiet zone the standard asks around a QR code, in modules. */
const MARGIN = 4;

/**
 * A QR code drawn here as SVG (lean-qr, no request anywhere): what an authenticator app scans.
 * Dark on white whatever the theme, as scanners expect.
 */
export function QrCode({ value, label }: { value: string; label: string }) {
  const { size, path } = useMemo(() => {
    const code = generate(value);
    return { size: code.size, path: toSvgPath(code) };
  }, [value]);
  const side = size + MARGIN * 2;
  return (
    <svg
      viewBox={`${-MARGIN} ${-MARGIN} ${side} ${side}`}
      role="img"
      aria-label={label}
      shapeRendering="crispEdges"
      width="220"
      height="220"
    >
      <rect x={-MARGIN} y={-MARGIN} width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
