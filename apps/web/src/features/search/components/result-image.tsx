import Box from '@mui/material/Box';
import { useState } from 'react';

type Props = { src: string; fallback: string; width: number; height: number; round?: boolean };

/** A decorative picture that swaps to a local default when the real one is missing or fails. */
export function ResultImage({ src, fallback, width, height, round = false }: Props) {
  const [failed, setFailed] = useState(false);
  return (
    <Box
      component="img"
      src={failed || !src ? fallback : src}
      alt=""
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      data-fallback={failed || !src ? 'true' : undefined}
      sx={{
        width,
        height,
        flexShrink: 0,
        objectFit: 'cover',
        borderRadius: round ? '50%' : 1,
        bgcolor: 'action.hover',
      }}
    />
  );
}
