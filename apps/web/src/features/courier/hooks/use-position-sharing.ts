import { useEffect, useState } from 'react';
import { sendPosition } from '../api/send-position';
import { shouldSend, type Fix } from '../lib/position-pace';

/** What the screen says about the position: not asked, shared, refused by the phone, no GPS. */
export type Sharing = 'off' | 'waiting' | 'on' | 'denied' | 'unsupported';

const CONSENT_KEY = 'comanda:courier-position';

/** The courier said yes once on this phone: asked again only if they say no. */
export function useConsent(): [boolean, (yes: boolean) => void] {
  const [consent, setConsent] = useState(() => {
    try {
      return localStorage.getItem(CONSENT_KEY) === 'yes';
    } catch {
      return false;
    }
  });
  const give = (yes: boolean) => {
    setConsent(yes);
    try {
      if (yes) localStorage.setItem(CONSENT_KEY, 'yes');
      else localStorage.removeItem(CONSENT_KEY);
    } catch {
      // Storage blocked: asked again next time.
    }
  };
  return [consent, give];
}

/**
 * While `active` (the trip is out) and the courier agreed, the phone's position goes to the server
 * (lib/position-pace: every 15–30 s while moving) to move the customers' arrival estimate; the
 * watch stops when the trip ends. A fix that fails to go is not kept: the next one is fresher.
 */
export function usePositionSharing(active: boolean, consent: boolean): Sharing {
  const [heard, setHeard] = useState<'waiting' | 'on' | 'denied'>('waiting');
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const sharing = active && consent;

  useEffect(() => {
    if (!sharing || !supported) return;
    let last: Fix | null = null;
    const watch = navigator.geolocation.watchPosition(
      ({ coords }) => {
        setHeard('on');
        const fix = { lat: coords.latitude, lng: coords.longitude, at: Date.now() };
        if (!shouldSend(last, fix)) return;
        last = fix;
        const accuracy = Math.min(Math.max(coords.accuracy, 0), 100_000);
        sendPosition({ lat: fix.lat, lng: fix.lng, accuracy }).catch(() => {
          last = null;
        });
      },
      (error) => setHeard(error.code === error.PERMISSION_DENIED ? 'denied' : 'waiting'),
      { enableHighAccuracy: true, maximumAge: 10_000 },
    );
    return () => {
      navigator.geolocation.clearWatch(watch);
      setHeard('waiting');
    };
  }, [sharing, supported]);

  if (!sharing) return 'off';
  return supported ? heard : 'unsupported';
}
