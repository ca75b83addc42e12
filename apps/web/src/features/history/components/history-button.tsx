import { History } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { HistoryPanelProps } from './history-panel';

// The panel (and its diff code) loads on the first click, not with the editor.
const HistoryPanel = lazy(async () => ({ default: (await import('./history-panel')).HistoryPanel }));

interface HistoryButtonProps extends Omit<HistoryPanelProps, 'open' | 'onOpenChange'> {
  /**
   * Runs before the panel opens: the note saves its changes, so the newest version is its text. False
   * (the save failed, and said why) keeps the panel closed.
   */
  beforeOpen?: () => Promise<boolean>;
  disabled?: boolean;
}

/** "History" in an open note's toolbar: opens the note's History panel. */
export function HistoryButton({ beforeOpen, disabled, ...panel }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing plays out (and reports back) before anything unmounts.
  // Each opening starts afresh (selection, the current text to compare with): the panel's key.
  const [openings, setOpenings] = useState(0);
  const [preparing, setPreparing] = useState(false);
  const openPanel = async () => {
    setPreparing(true);
    const ready = await (beforeOpen?.() ?? Promise.resolve(true)).catch(() => false);
    setPreparing(false);
    if (!ready) return;
    setOpenings((count) => count + 1);
    setOpen(true);
  };
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void openPanel()}
        disabled={disabled || preparing}
        title="History"
        className="[&_svg]:text-muted"
      >
        <History size={16} aria-hidden="true" />
        <span>History</span>
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <HistoryPanel key={openings} {...panel} open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
