import { useEffect, useState } from 'react';
import { audioContext } from '@/lib/tones';
import { playChime } from './chime';

/** How often the sound repeats while something waits for an answer. */
export const RING_EVERY_MS = 4000;

/**
 * 'on': sound plays; 'blocked': the browser waits for a first tap; 'unsupported': no WebAudio;
 * 'starting': not playing yet, for the first moments after the page opens.
 */
export type SoundState = 'on' | 'blocked' | 'unsupported' | 'starting';

/**
 * A browser that lets the page play still starts its AudioContext suspended and runs it a moment
 * later. Saying "Sonido desactivado" only once that moment has passed keeps the banner from
 * flashing, and from moving the screen under a finger as it goes.
 */
const SOUND_CHECK_GRACE_MS = 1500;

const soundState = (): SoundState => {
  const context = audioContext();
  if (!context) return 'unsupported';
  return context.state === 'running' ? 'on' : 'blocked';
};

export interface Alarm {
  sound: SoundState;
  /** Asks the browser to let the sound play; must run inside a tap. */
  enableSound: () => void;
  /** Some unanswered order has not been silenced. */
  ringing: boolean;
  /** Stops the sound for the orders waiting now; a new order rings again. */
  silence: () => void;
}

/**
 * The alarm (the console's unanswered orders, the courier's new trip): rings at once and every
 * RING_EVERY_MS while any of `waiting` (the ids of what waits for an answer) has not been silenced. Browsers keep sound off until the page gets a first tap, so any tap
 * on the page turns it on, and the console says plainly when it is off.
 */
export function useAlarm(waiting: readonly number[]): Alarm {
  const [state, setSound] = useState<SoundState>(soundState);
  const [settling, setSettling] = useState(true);
  const sound = settling && state === 'blocked' ? 'starting' : state;
  const [silenced, setSilenced] = useState<ReadonlySet<number>>(() => new Set());
  // Which orders ring: a change (a new one arrives) rings at once rather than at the next beat.
  const ringKey = waiting.filter((id) => !silenced.has(id)).join(',');
  const ringing = ringKey !== '';

  useEffect(() => {
    const context = audioContext();
    if (!context) return;
    const update = () => setSound(soundState());
    const unlock = () => void context.resume().then(update, update);
    const settled = window.setTimeout(() => setSettling(false), SOUND_CHECK_GRACE_MS);
    context.addEventListener('statechange', update);
    // The first tap anywhere (on Aceptar, say) unlocks the sound as well as the button does. On
    // the tap's click, not its pointerdown: the sound banner then goes away, and the screen moves
    // up, only once the tap has landed where the finger was.
    document.addEventListener('click', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      window.clearTimeout(settled);
      context.removeEventListener('statechange', update);
      document.removeEventListener('click', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, []);

  useEffect(() => {
    const context = audioContext();
    if (!ringing || sound !== 'on' || !context) return;
    playChime(context);
    const timer = window.setInterval(() => playChime(context), RING_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [ringKey, ringing, sound]);

  return {
    sound,
    enableSound: () => {
      const context = audioContext();
      if (context)
        void context.resume().then(
          () => setSound(soundState()),
          () => setSound(soundState()),
        );
    },
    ringing,
    silence: () => setSilenced((current) => new Set([...current, ...waiting])),
  };
}
