import { useEffect, useId, useRef, useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { messages } from '../messages';
import { useProfileStore } from '../stores/profile-store';
import { ProfileAvatar } from './profile-avatar';
import '../profiles.css';

/**
 * The header's profile button (members only, loaded on demand, plain elements: no MUI on any
 * first visit): the avatar, a kids badge in kids mode, and a small disclosure with "switch
 * profile" and, for grown-up profiles, "manage profiles".
 */
export function ProfileMenu() {
  const profile = useProfileStore((s) => s.profile);
  const { pathname, search } = useLocation();
  const here = pathname + search;
  // Open on the page where it was opened: any navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === here;
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    box.current?.querySelector<HTMLElement>('a')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpenOn(null);
      button.current?.focus();
    };
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpenOn(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  if (!profile) return null;
  const back = here;
  return (
    <div className="p-profile-menu" ref={box} data-kids={profile.kids ? 'true' : undefined}>
      <button
        ref={button}
        type="button"
        className="p-bare-btn p-profile-menu__button"
        aria-expanded={open}
        aria-controls={id}
        data-testid="profile-menu-button"
        onClick={() => setOpenOn(open ? null : here)}
      >
        {/* Named by text, so the visible badge is part of the name. */}
        <span className="visually-hidden">{messages.menu.button(profile.name)}</span>
        <ProfileAvatar avatar={profile.avatar} size={32} />{' '}
        {profile.kids && (
          <span className="p-kids-badge" data-testid="kids-badge">
            {messages.badges.kids}
          </span>
        )}
      </button>
      {open && (
        <div id={id} className="p-profile-menu__panel" data-testid="profile-menu">
          <p className="p-profile-menu__name">
            {profile.name}
            {profile.kids && <span className="p-profile-menu__mode"> · {messages.menu.kidsMode}</span>}
          </p>
          <ul className="p-profile-menu__list">
            <li>
              <RouterLink to={paths.profiles.picker.getHref(back)} className="p-profile-menu__item" data-testid="switch-profile">
                {messages.menu.switch}
              </RouterLink>
            </li>
            {!profile.kids && (
              <li>
                <RouterLink to={paths.profiles.manage.getHref()} className="p-profile-menu__item" data-testid="manage-profiles">
                  {messages.menu.manage}
                </RouterLink>
              </li>
            )}
          </ul>
        </div>
      )}
    </div>
  );
}

export default ProfileMenu;
