import BookmarkAddedIcon from '@mui/icons-material/BookmarkAdded';
import BookmarkBorderIcon from '@mui/icons-material/BookmarkBorder';
import FavoriteIcon from '@mui/icons-material/Favorite';
import FavoriteBorderIcon from '@mui/icons-material/FavoriteBorder';
import Button from '@mui/material/Button';
import { formatNumber } from '@parde/persian';
import { Link as RouterLink } from 'react-router';
import { solidAccent } from '../../../components/accent';
import { EMPTY_MEMBER_STATE, useMemberTitleState } from '../api/get-member-title-state';
import { useToggleLike } from '../api/toggle-like';
import { useToggleWatchlist } from '../api/toggle-watchlist';
import { messages } from '../messages';

const a = messages.actions;

export type MemberAccess = {
  isMember: boolean;
  /** Where a visitor goes to sign in, carrying this page to come back to. */
  loginHref: string;
};

const buttonSx = {
  color: '#fff',
  borderColor: 'rgba(255,255,255,.45)',
  '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,.08)' },
  whiteSpace: 'nowrap',
} as const;

/**
 * Watchlist and like. A visitor's buttons are links to the login page with the way back; a
 * member's call the API with an optimistic flip that rolls back if the call fails.
 */
export function TitleMemberActions({ titleId, access }: { titleId: number; access: MemberAccess }) {
  if (!access.isMember) {
    return (
      <>
        <Button component={RouterLink} to={access.loginHref} variant="outlined" startIcon={<BookmarkBorderIcon />} sx={buttonSx} title={a.loginFirst} data-testid="watchlist-button">
          {a.addToWatchlist}
        </Button>
        <Button component={RouterLink} to={access.loginHref} variant="outlined" startIcon={<FavoriteBorderIcon />} sx={buttonSx} title={a.loginFirst} data-testid="like-button">
          {a.like}
        </Button>
      </>
    );
  }
  return <MemberButtons titleId={titleId} />;
}

function MemberButtons({ titleId }: { titleId: number }) {
  const state = useMemberTitleState(titleId, true);
  const watchlist = useToggleWatchlist(titleId);
  const like = useToggleLike(titleId);
  const s = state.data ?? EMPTY_MEMBER_STATE;
  return (
    <>
      <Button
        variant={s.inWatchlist ? 'contained' : 'outlined'}
        color="inherit"
        aria-pressed={s.inWatchlist}
        startIcon={s.inWatchlist ? <BookmarkAddedIcon /> : <BookmarkBorderIcon />}
        onClick={() => watchlist.mutate()}
        disabled={watchlist.isPending}
        sx={s.inWatchlist ? { ...solidAccent, whiteSpace: 'nowrap' } : buttonSx}
        data-testid="watchlist-button"
      >
        {s.inWatchlist ? a.inWatchlist : a.addToWatchlist}
      </Button>
      <Button
        variant="outlined"
        color="inherit"
        aria-pressed={s.liked}
        startIcon={s.liked ? <FavoriteIcon sx={{ color: '#ff5c7a' }} /> : <FavoriteBorderIcon />}
        onClick={() => like.mutate()}
        disabled={like.isPending}
        sx={buttonSx}
        data-testid="like-button"
      >
        {s.liked ? a.liked : a.like}
        {s.likes > 0 && `، ${a.likes(formatNumber(s.likes, 0))}`}
      </Button>
    </>
  );
}
