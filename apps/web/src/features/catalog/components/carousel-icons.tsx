/** The carousel's controls, drawn filled at 22 px (its own set: only the landing's carousel uses them). */

const glyph = {
  viewBox: '0 0 24 24',
  width: 22,
  height: 22,
  'aria-hidden': true,
  focusable: false,
} as const;

export const PauseGlyph = () => (
  <svg {...glyph} fill="currentColor">
    <rect x="6" y="5" width="4" height="14" rx="1" />
    <rect x="14" y="5" width="4" height="14" rx="1" />
  </svg>
);

export const PlayGlyph = () => (
  <svg {...glyph} fill="currentColor">
    <path d="M8 5.5v13a1 1 0 0 0 1.5.9l10-6.5a1 1 0 0 0 0-1.7l-10-6.5A1 1 0 0 0 8 5.5z" />
  </svg>
);

export const ArrowGlyph = ({ direction }: { direction: 'left' | 'right' }) => (
  <svg
    {...glyph}
    fill="none"
    stroke="currentColor"
    strokeWidth="2.4"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={direction === 'left' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'} />
  </svg>
);
