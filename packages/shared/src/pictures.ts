/**
 * Pictures and note images (decision 021): limits and texts. Kept apart from messages.ts and
 * constants.ts, which the first route loads, because only lazily loaded screens use these.
 */

/** docs/product.md §9: pictures (and note images) are refused from 5 MB + 1 byte on. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
/** docs/product.md §9: the upload's fake progress goes up 10 % every 200 ms to 90 %, then 100 % on success. */
export const UPLOAD_PROGRESS = { stepPercent: 10, stepMs: 200, maxBeforeDone: 90 } as const;
/** Avatars are squares of this many pixels; note images keep their ratio, longest side at most this. */
export const AVATAR_SIZE = 256;
export const NOTE_IMAGE_MAX_SIDE = 2048;

/**
 * Profile pictures and note images (docs/product.md §5 and §8, 'Picture'; decision 021). The original's upload failure named its image host ('...to Cloudinary'); ours is this server, so the name is
 * left out.
 */
export const PICTURE_MESSAGES = {
  invalidFile: 'Please select a valid image file.',
  tooLarge: 'Image size must be less than 5MB.',
  invalidUrl: 'Invalid image URL.',
  uploadFailed: 'Failed to upload image',
  updateFailed: 'Failed to update profile picture',
  validateUrlFailed: 'Failed to validate image URL',
  removeFailed: 'Failed to remove profile picture',
} as const;
