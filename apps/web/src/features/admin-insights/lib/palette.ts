/**
 * The charts' colours: the Okabe–Ito palette, told apart with every common kind of colour
 * blindness, darkened where a colour carries text so it keeps 4.5:1 on white. A second series is
 * also dashed and the trend also has a sign, so no chart relies on colour alone.
 */
export const PALETTE = {
  /** This period. */
  current: '#0072B2',
  /** The previous period: another hue and a dashed line. */
  previous: '#D55E00',
  /** A second measure beside the first (pickup vs delivery, new vs returning). */
  second: '#E69F00',
  third: '#009E73',
  fourth: '#CC79A7',
  /** The heatmap's sequential scale, light to dark blue (one hue: no red–green reading). */
  heatLow: '#EAF3FA',
  heatHigh: '#08457A',
  grid: '#E4DCD5',
  axis: '#5B4D44',
} as const;
