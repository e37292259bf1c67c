import { avatarKeys, type AvatarKey } from '@parde/contract';
import { useId, type ReactElement } from 'react';

/**
 * The generated avatars, drawn like the site's generated posters (apps/api artwork): a diagonal
 * gradient of two hues from the key, a soft disc of light, a thin frame, and the key's figure
 * in front. SVG in the page: sharp at every size, nothing downloaded, the same on every device.
 */

/** Two hues a step apart on the wheel, one per key: twelve keys, twelve distinct avatars. */
export function avatarPalette(key: AvatarKey): { from: string; to: string; light: string; angle: number } {
  const i = Math.max(0, avatarKeys.indexOf(key));
  const hue = (i * 150) % 360;
  const hue2 = (hue + 40 + ((i * 23) % 60)) % 360;
  return { from: `hsl(${hue} 55% 38%)`, to: `hsl(${hue2} 60% 16%)`, light: `hsl(${hue} 75% 72%)`, angle: (i * 37) % 90 };
}

const INK = '#fff';

// Each figure in a 64×64 box, centred on 32,34 (a little low, as a face sits in a frame).
const figures: Record<AvatarKey, (bg: string) => ReactElement> = {
  sun: () => (
    <g fill={INK} stroke={INK} strokeWidth="3" strokeLinecap="round">
      <circle cx="32" cy="34" r="9" stroke="none" />
      <path d="M32 15v5M32 48v5M13 34h5M46 34h5M18.6 20.6l3.5 3.5M41.9 43.9l3.5 3.5M18.6 47.4l3.5-3.5M41.9 24.1l3.5-3.5" fill="none" />
    </g>
  ),
  moon: () => <path d="M37 16a18 18 0 1 0 13 27a14 14 0 1 1-13-27z" fill={INK} />,
  star: () => <path d="M32 15l5.3 11.6 12.7 1.4-9.5 8.6 2.7 12.5L32 42.8l-11.2 6.3 2.7-12.5-9.5-8.6 12.7-1.4z" fill={INK} />,
  leaf: (bg) => (
    <g>
      <path d="M16 50C16 29 29 17 50 17C50 38 37 50 16 50z" fill={INK} />
      <path d="M19 47L44 22" stroke={bg} strokeWidth="2.5" strokeLinecap="round" />
    </g>
  ),
  wave: () => (
    <path
      d="M12 28q5-6 10 0t10 0 10 0 10 0M12 37q5-6 10 0t10 0 10 0 10 0M12 46q5-6 10 0t10 0 10 0 10 0"
      fill="none"
      stroke={INK}
      strokeWidth="3.5"
      strokeLinecap="round"
    />
  ),
  drop: (bg) => (
    <g>
      <path d="M32 14C32 14 18 31 18 39a14 14 0 0 0 28 0C46 31 32 14 32 14z" fill={INK} />
      <path d="M25 40a7 7 0 0 0 5 7" stroke={bg} strokeWidth="2.5" fill="none" strokeLinecap="round" />
    </g>
  ),
  cloud: () => <path d="M20 46a9 9 0 0 1-1-18a12 12 0 0 1 23-3a10 10 0 0 1 4 21z" fill={INK} />,
  flower: (bg) => (
    <g fill={INK}>
      {[0, 72, 144, 216, 288].map((a) => (
        <ellipse key={a} cx="32" cy="24" rx="6" ry="9" transform={`rotate(${a} 32 34)`} />
      ))}
      <circle cx="32" cy="34" r="5" fill={bg} />
    </g>
  ),
  kite: () => (
    <g fill="none" stroke={INK} strokeWidth="2.5" strokeLinecap="round">
      <path d="M32 12L45 29 32 46 19 29z" fill={INK} />
      <path d="M32 46q-4 4 0 7t0 7" />
    </g>
  ),
  fish: (bg) => (
    <g>
      <path d="M14 34c8-11 24-13 34 0c-10 13-26 11-34 0z" fill={INK} />
      <path d="M46 34l8-8v16z" fill={INK} />
      <circle cx="23" cy="32" r="2.2" fill={bg} />
    </g>
  ),
  bird: () => <path d="M12 30q10-8 20 6q10-14 20-6q-10-2-20 14q-10-16-20-14z" fill={INK} />,
  cat: (bg) => (
    <g>
      <path d="M17 22l5 9a13 13 0 1 0 20 0l5-9-9 4a13 13 0 0 0-12 0z" fill={INK} />
      <circle cx="26.5" cy="37" r="2" fill={bg} />
      <circle cx="37.5" cy="37" r="2" fill={bg} />
      <path d="M30 43h4l-2 2z" fill={bg} />
    </g>
  ),
};

type Props = {
  avatar: AvatarKey;
  /** Pixels; the box is square. */
  size?: number;
  /** Empty when the text beside it already names the profile (the usual case). */
  label?: string;
  className?: string;
};

export function ProfileAvatar({ avatar, size = 40, label, className }: Props) {
  const id = useId();
  const key: AvatarKey = avatar in figures ? avatar : 'sun';
  const { from, to, light, angle } = avatarPalette(key);
  const gradient = `${id}-g`;
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={className ? `p-avatar ${className}` : 'p-avatar'}
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      focusable="false"
      data-avatar={key}
    >
      <defs>
        <linearGradient id={gradient} gradientTransform={`rotate(${angle} .5 .5)`}>
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="10" fill={`url(#${gradient})`} />
      <circle cx="52" cy="11" r="22" fill={light} opacity=".14" />
      <rect x="4" y="4" width="56" height="56" rx="7" fill="none" stroke="#fff" strokeOpacity=".18" />
      {figures[key](to)}
    </svg>
  );
}
