// The instant the SQLite server suite sets its clock to (TEST_CLOCK_START_SQLITE): a minute before
// the chain's next midnight. The chain's time zone is packages/shared's CHAIN_TIME_ZONE; a script
// cannot import the TypeScript, so it is named here too.
const CHAIN_TIME_ZONE = 'America/Bogota';

/** Milliseconds the zone's wall clock is ahead of UTC at `instant` ("GMT-05:00" → −5 h). */
function offsetAt(instant, timeZone) {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(instant)
    .find((part) => part.type === 'timeZoneName').value;
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0; // "GMT": the zone is UTC
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return (match[1] === '-' ? -1 : 1) * minutes * 60_000;
}

/** ISO instant one minute before the next midnight on the chain's clock after `now`. */
export function beforeChainMidnight(now = Date.now(), timeZone = CHAIN_TIME_ZONE) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(now); // YYYY-MM-DD
  const [year, month, day] = today.split('-').map(Number);
  const midnightUtc = Date.UTC(year, month - 1, day + 1);
  const midnight = midnightUtc - offsetAt(midnightUtc - offsetAt(midnightUtc, timeZone), timeZone);
  return new Date(midnight - 60_000).toISOString();
}
