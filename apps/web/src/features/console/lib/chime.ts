/**
 * The new-order sound, made on the device with WebAudio: no file, no network. Three short
 * bright notes, loud and unlike a phone's ring, so it cuts through a kitchen.
 */
const NOTES: readonly [frequency: number, offset: number][] = [
  [988, 0],
  [1319, 0.16],
  [988, 0.32],
  [1319, 0.48],
];

export function playChime(context: AudioContext): void {
  const start = context.currentTime + 0.01;
  for (const [frequency, offset] of NOTES) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'triangle';
    oscillator.frequency.value = frequency;
    const at = start + offset;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.9, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.15);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + 0.16);
  }
}

/** The page's one AudioContext, made on demand; null where the browser has no WebAudio. */
let shared: AudioContext | null | undefined;
export function audioContext(): AudioContext | null {
  if (shared === undefined) {
    const Context = typeof window === 'undefined' ? undefined : window.AudioContext;
    shared = Context ? new Context() : null;
  }
  return shared;
}
