import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import CloseIcon from '@mui/icons-material/Close';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { toPersianDigits } from '@parde/persian';
import { useState, type ReactNode } from 'react';
import { catalogueMessages as m } from '../messages';

export type SortableItem = { id: number; label: string; detail?: ReactNode };

/** Moves the item at `from` to `to`, the others keeping their order. */
export function moved<T>(list: T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * An ordered list an operator rearranges: rows are dragged (HTML5 drag and drop) or moved one
 * step with the up and down buttons, which the keyboard reaches. Each change hands the whole new
 * order of ids to `onReorder`, as the API takes it.
 */
export function SortableList({
  items,
  onReorder,
  onRemove,
  disabled = false,
  label,
  testId,
  extra,
}: {
  items: SortableItem[];
  onReorder: (ids: number[]) => void;
  onRemove?: (id: number) => void;
  disabled?: boolean;
  /** What the list is, for screen readers. */
  label: string;
  testId?: string;
  /** More controls for a row (editing a credit's character). */
  extra?: (item: SortableItem) => ReactNode;
}) {
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    const next = moved(items, from, to);
    if (next !== items) onReorder(next.map((i) => i.id));
  };
  return (
    <Box component="ol" aria-label={label} data-testid={testId} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
      {items.map((item, index) => (
        <Box
          component="li"
          key={item.id}
          data-testid="sortable-item"
          data-id={item.id}
          draggable={!disabled}
          onDragStart={(e: React.DragEvent) => {
            setDragging(index);
            e.dataTransfer.effectAllowed = 'move';
            e.dataTransfer.setData('text/plain', String(item.id));
          }}
          onDragOver={(e: React.DragEvent) => {
            if (dragging === null) return;
            e.preventDefault();
            setOver(index);
          }}
          onDragLeave={() => setOver((o) => (o === index ? null : o))}
          onDrop={(e: React.DragEvent) => {
            e.preventDefault();
            if (dragging !== null) move(dragging, index);
            setDragging(null);
            setOver(null);
          }}
          onDragEnd={() => {
            setDragging(null);
            setOver(null);
          }}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            px: 1,
            py: 0.5,
            borderRadius: 1,
            border: 1,
            borderColor: over === index ? 'primary.main' : 'divider',
            opacity: dragging === index ? 0.5 : 1,
            bgcolor: 'background.paper',
            cursor: disabled ? 'default' : 'grab',
          }}
        >
          <DragIndicatorIcon fontSize="small" aria-hidden="true" sx={{ color: 'text.secondary' }} />
          <Typography component="span" sx={{ minWidth: 28, color: 'text.secondary', fontSize: '0.85rem' }}>
            {toPersianDigits(index + 1)}
          </Typography>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography component="span" sx={{ fontWeight: 600 }}>
              {item.label}
            </Typography>
            {item.detail && (
              <Typography component="span" color="text.secondary" sx={{ fontSize: '0.85rem', marginInlineStart: 1 }}>
                {item.detail}
              </Typography>
            )}
          </Box>
          {extra?.(item)}
          <IconButton size="small" aria-label={m.sortable.up(item.label)} disabled={disabled || index === 0} onClick={() => move(index, index - 1)}>
            <ArrowUpwardIcon fontSize="small" />
          </IconButton>
          <IconButton size="small" aria-label={m.sortable.down(item.label)} disabled={disabled || index === items.length - 1} onClick={() => move(index, index + 1)}>
            <ArrowDownwardIcon fontSize="small" />
          </IconButton>
          {onRemove && (
            <IconButton size="small" aria-label={m.sortable.remove(item.label)} disabled={disabled} onClick={() => onRemove(item.id)}>
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
        </Box>
      ))}
    </Box>
  );
}
