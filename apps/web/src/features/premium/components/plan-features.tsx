import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';

/** A plan's Persian feature lines, each with a tick. */
export function PlanFeatures({ features, label }: { features: string[]; label: string }) {
  if (features.length === 0) return null;
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {features.map((f) => (
        <Box component="li" key={f} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, lineHeight: 1.8, fontSize: '0.95rem' }}>
          <CheckCircleIcon aria-hidden="true" sx={{ color: 'secondary.light', fontSize: 20, mt: 0.4, flexShrink: 0 }} />
          {f}
        </Box>
      ))}
    </Box>
  );
}
