/** A value as split-flap characters, departures-board style. */
export function Flaps({ text, unit, label }: { text: string; unit?: string; label: string }) {
  return (
    <div className="lx-flaps" role="img" aria-label={`${label}: ${text}${unit ? ` ${unit}` : ''}`}>
      {[...text].map((char, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: characters of one string, in place
        <span className="lx-flap" key={index} aria-hidden>
          {char}
        </span>
      ))}
      {unit && (
        <span className="lx-flap-unit" aria-hidden>
          {unit}
        </span>
      )}
    </div>
  );
}

/** Board status of a subscription by the days it has left. */
export function boardStatus(daysLeft: number): 'final' | 'boarding' | 'scheduled' {
  if (daysLeft <= 7) return 'final';
  if (daysLeft <= 14) return 'boarding';
  return 'scheduled';
}

/** The local time of a zone ('Asia/Shanghai'), or of the browser when none / unknown. */
export function clockIn(zone: string | undefined, now: Date, lang: string): { time: string; date: string } {
  const options = zone ? { timeZone: zone } : {};
  try {
    return {
      time: new Intl.DateTimeFormat('en-GB', {
        ...options,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(now),
      date: new Intl.DateTimeFormat(lang, {
        ...options,
        weekday: 'short',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
      }).format(now),
    };
  } catch {
    return clockIn(undefined, now, lang);
  }
}
