import { useCallback, useRef, useState } from 'react';
import type { AiEnhancing } from '@/features/editor';

/**
 * An AI enhancement in the open note, as state (the busy overlay, the status, a read-only editor) and
 * as a ref for handlers that run outside a render (Ctrl+S and autosave skip while it runs).
 */
export function useEnhancing() {
  const [enhancing, setEnhancing] = useState<AiEnhancing>(false);
  const enhancingRef = useRef(false);
  const onEnhancingChange = useCallback((next: AiEnhancing) => {
    enhancingRef.current = next !== false;
    setEnhancing(next);
  }, []);
  const isEnhancing = useCallback(() => enhancingRef.current, []);
  return { enhancing, isEnhancing, onEnhancingChange };
}
