import { playNotes, type Note } from '@/lib/tones';

/**
 * The alarm's sound (the console's new order, the courier's new trip): four short bright notes,
 * loud and unlike a phone's ring, so it cuts through a kitchen or a street.
 */
const NOTES: readonly Note[] = [
  [988, 0],
  [1319, 0.16],
  [988, 0.32],
  [1319, 0.48],
];

export function playChime(context: AudioContext): void {
  playNotes(context, NOTES, { wave: 'triangle', peak: 0.9, length: 0.15 });
}
