import { type LayoutStorage, useDefaultLayout } from 'react-resizable-panels';
import { storage } from '@/lib/storage';

/** localStorage through lib/storage (never throws). Stable: the hook depends on its identity. */
const layoutStorage: LayoutStorage = {
  getItem: (key) => storage.get(key),
  setItem: (key, value) => storage.set(key, value),
};

/**
 * The column sizes the user dragged to, remembered in this browser and restored after a reload.
 * Only the user's own resizes are saved, so until then the pixel defaults apply at any width.
 */
export function useColumnLayout(id: string) {
  return useDefaultLayout({ id, storage: layoutStorage, onlySaveAfterUserInteractions: true });
}
