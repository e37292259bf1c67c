import { messages } from './messages';

/**
 * The curtain mark and the Persian word mark. Decorative: callers give the accessible name.
 * Plain elements styled by theme/shell.css (`className` adds to them).
 */
export function Logo({ className, compact = false }: { className?: string; compact?: boolean }) {
  return (
    <span aria-hidden="true" className={className ? `p-logo ${className}` : 'p-logo'}>
      <svg viewBox="0 0 32 32" className="p-logo__mark">
        <rect x="2" y="3" width="28" height="3" rx="1.5" fill="#19857b" />
        <path d="M4 6h11c-1 7-1 15 1 23H4z" fill="#c62828" />
        <path d="M28 6H17c1 7 1 15-1 23h12z" fill="#e53935" />
      </svg>
      {!compact && <span className="p-logo__word">{messages.brand}</span>}
    </span>
  );
}
