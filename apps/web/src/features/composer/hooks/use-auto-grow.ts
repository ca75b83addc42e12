import { type RefObject, useLayoutEffect } from 'react';

/** Grows a textarea with its content up to `maxHeight` px, then lets it scroll. */
export function useAutoGrow(ref: RefObject<HTMLTextAreaElement | null>, value: string, maxHeight: number) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measure whenever the text changes.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.style.height = 'auto';
    const borders = element.offsetHeight - element.clientHeight;
    const wanted = element.scrollHeight + borders;
    element.style.height = `${Math.min(wanted, maxHeight)}px`;
    element.style.overflowY = wanted > maxHeight ? 'auto' : 'hidden';
  }, [ref, value, maxHeight]);
}
