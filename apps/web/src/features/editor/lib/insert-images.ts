import { PICTURE_MESSAGES } from '@notewise/shared';
import type { Editor } from '@tiptap/core';
import { errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { checkImageFile, uploadImage } from '../api/upload-image';

/** docs/product.md §8 'Picture': the toast's title; the description says why and that nothing was added. */
export const IMAGE_UPLOAD_FAILED = PICTURE_MESSAGES.uploadFailed;

/** The image files among a paste's or a drop's files (others are left to the browser/editor). */
export function imageFilesOf(files: FileList | null | undefined): File[] {
  return Array.from(files ?? []).filter((file) => file.type.startsWith('image/'));
}

/** A file name as a first alt text ("Screenshot 2026-01-02.png" -> "Screenshot 2026-01-02"). */
function altFromFileName(name: string): string {
  return name
    .replace(/\.[a-z0-9]{1,5}$/i, '')
    .replace(/[[\]]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
}

/**
 * Uploads each image (POST /api/images) and inserts it where the caret was, or at `position` (a
 * drop). The text stays editable meanwhile; a refused or failed upload shows a toast and inserts
 * nothing.
 */
export async function insertImages(editor: Editor, files: readonly File[], position?: number): Promise<void> {
  // Positions move while uploads run: follow the insertion point through every change.
  let at = position ?? editor.state.selection.to;
  const follow = ({ transaction }: { transaction: { mapping: { map: (pos: number) => number } } }) => {
    at = transaction.mapping.map(at);
  };
  editor.on('transaction', follow);
  try {
    for (const file of files) {
      const problem = checkImageFile(file);
      if (problem) {
        toast.error(IMAGE_UPLOAD_FAILED, { description: `${problem} Nothing was added.` });
        continue;
      }
      try {
        const image = await uploadImage(file);
        if (editor.isDestroyed) return;
        const node = { type: 'image', attrs: { src: image.url, alt: altFromFileName(file.name) } };
        const inserted = editor
          .chain()
          .insertContentAt(Math.min(at, editor.state.doc.content.size), node)
          .run();
        if (!inserted)
          toast.error(IMAGE_UPLOAD_FAILED, { description: 'It cannot go at that place in the note.' });
      } catch (error) {
        toast.error(IMAGE_UPLOAD_FAILED, { description: `${errorMessage(error)} Nothing was added.` });
      }
    }
  } finally {
    editor.off('transaction', follow);
  }
}
