import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { useId } from 'react';

type Props = {
  title: ReactNode;
  /** Shown on the heading line's far end: a "see all" link, a count. */
  action?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  children: ReactNode;
  sx?: SxProps<Theme>;
  testId?: string;
};

/** A titled part of a page, labelled by its heading. */
export function Section({ title, action, headingLevel = 'h2', children, sx, testId }: Props) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} data-testid={testId} sx={[{ mt: { xs: 4, md: 5 } }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
        <Typography
          id={id}
          variant="h6"
          component={headingLevel}
          sx={{
            fontWeight: 700,
            fontSize: { xs: '1.1rem', md: '1.3rem' },
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            '&::before': { content: '""', width: 4, height: '1.1em', borderRadius: 2, bgcolor: 'secondary.main', flexShrink: 0 },
          }}
        >
          {title}
        </Typography>
        {action}
      </Box>
      {children}
    </Box>
  );
}
