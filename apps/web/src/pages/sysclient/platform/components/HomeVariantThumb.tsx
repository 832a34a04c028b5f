import type { HomePageVariant } from '../../../../features/tenant/types';

const BOX = { width: 96, height: 60, borderRadius: 4, display: 'block', margin: '0 auto 4px' } as const;

/** A sketch of each home page variant for the chooser. */
export function HomeVariantThumb({ variant }: { variant: HomePageVariant }) {
  if (variant === 'IndexAirport')
    return (
      <svg viewBox="0 0 96 60" style={BOX} aria-hidden>
        <rect width="96" height="60" fill="#0b1a2b" />
        {[6, 28, 50, 72].map((x) => (
          <rect key={x} x={x} y="8" width="18" height="14" rx="2" fill="#1c2f45" stroke="#f5c542" strokeWidth="0.6" />
        ))}
        {[30, 38, 46].map((y) => (
          <rect key={y} x="6" y={y} width="84" height="5" fill="#132538" />
        ))}
      </svg>
    );
  if (variant === 'InfoEditor')
    return (
      <svg viewBox="0 0 96 60" style={BOX} aria-hidden>
        <rect width="96" height="60" fill="#f0f2f5" />
        <rect x="18" y="8" width="60" height="44" rx="3" fill="#fff" stroke="#409EFF" />
        {[18, 26, 34].map((y) => (
          <rect key={y} x="24" y={y} width="48" height="4" rx="1" fill="#d9d9d9" />
        ))}
        <rect x="54" y="43" width="18" height="5" rx="1" fill="#409EFF" />
      </svg>
    );
  return (
    <svg viewBox="0 0 96 60" style={BOX} aria-hidden>
      <rect width="96" height="60" fill="#f0f2f5" />
      {[6, 28, 50, 72].map((x) => (
        <rect key={x} x={x} y="6" width="18" height="12" rx="2" fill="#fff" />
      ))}
      <rect x="6" y="22" width="50" height="32" rx="2" fill="#fff" />
      <polyline points="10,48 20,40 30,44 40,32 52,36" fill="none" stroke="#409EFF" strokeWidth="1.5" />
      <rect x="60" y="22" width="30" height="32" rx="2" fill="#fff" />
    </svg>
  );
}
