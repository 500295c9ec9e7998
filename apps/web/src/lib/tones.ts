/**
 * Short sounds made on the device with WebAudio: no file, no network. The console's new-order
 * alarm and the storefront's "your order is ready" ping are both phrases of notes played here.
 */

/** One note of a phrase: its pitch (Hz) and when it starts (seconds after the phrase). */
export type Note = readonly [frequency: number, offset: number];

export interface Timbre {
  wave: OscillatorType;
  /** The loudest gain a note reaches (0–1). */
  peak: number;
  /** How long a note lasts, in seconds. */
  length: number;
}

/** Plays `notes` once, from now, each note a quick attack and a fade. */
export function playNotes(context: AudioContext, notes: readonly Note[], timbre: Timbre): void {
  const start = context.currentTime + 0.01;
  for (const [frequency, offset] of notes) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = timbre.wave;
    oscillator.frequency.value = frequency;
    const at = start + offset;
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(timbre.peak, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + timbre.length);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(at);
    oscillator.stop(at + timbre.length + 0.01);
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
