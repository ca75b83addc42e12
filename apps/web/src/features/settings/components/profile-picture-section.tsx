import {
  avatarUrlBodySchema,
  MAX_IMAGE_BYTES,
  type Me,
  PICTURE_MESSAGES,
  UPLOAD_PROGRESS,
} from '@notewise/shared';
import { ImageUp, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { isApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { useRemoveProfilePicture } from '../api/remove-profile-picture';
import { useSetProfilePictureUrl } from '../api/set-profile-picture-url';
import { useUploadProfilePicture } from '../api/upload-profile-picture';

/** What the browser accepts in the picker; the server decides from the bytes anyway. */
const ACCEPT = 'image/png,image/jpeg,image/webp,image/gif,image/avif';

/**
 * The server's refusal (400/413) already carries the text of docs/product.md §5 ('Please select a valid image file.',
 * 'Image size must be less than 5MB.', 'Invalid image URL.'); anything else gets the failure text of docs/product.md §8.
 */
function pictureError(error: unknown, fallback: string): string {
  if (isApiError(error, 400) || isApiError(error, 413)) return error.message;
  return fallback;
}

/** docs/product.md §9: 10 % every 200 ms up to 90 %; the caller sets 100 % when the server has answered. */
function useFakeProgress() {
  const [progress, setProgress] = useState<number | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const stop = () => window.clearInterval(timer.current);
  // Leaving the page mid-upload stops the ticking.
  useEffect(() => () => window.clearInterval(timer.current), []);
  return {
    progress,
    start() {
      stop();
      setProgress(0);
      timer.current = window.setInterval(() => {
        setProgress((value) =>
          Math.min(UPLOAD_PROGRESS.maxBeforeDone, (value ?? 0) + UPLOAD_PROGRESS.stepPercent),
        );
      }, UPLOAD_PROGRESS.stepMs);
    },
    finish(succeeded: boolean) {
      stop();
      setProgress(succeeded ? 100 : null);
    },
    reset() {
      stop();
      setProgress(null);
    },
  };
}

/** Settings > Profile: the picture with its initials fallback, upload, image URL and removal (docs/product.md §2). */
export function ProfilePictureSection({ user }: { user: Me }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const fileLabelId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [url, setUrl] = useState('');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const upload = useUploadProfilePicture();
  const fromUrl = useSetProfilePictureUrl();
  const remove = useRemoveProfilePicture();
  const fake = useFakeProgress();
  const busy = upload.isPending || fromUrl.isPending || remove.isPending;

  /** One message at a time: trying another way drops what the last attempt said (a stale error misleads). */
  const clearErrors = () => {
    setFileError(null);
    setUrlError(null);
    setRemoveError(null);
  };

  const choose = (chosen: File | undefined) => {
    fake.reset();
    clearErrors();
    setFile(null);
    if (!chosen) return;
    // docs/product.md §5, checked here first so the user is told at once; the server checks the bytes again.
    if (!chosen.type.startsWith('image/')) {
      setFileError(PICTURE_MESSAGES.invalidFile);
      return;
    }
    if (chosen.size > MAX_IMAGE_BYTES) {
      setFileError(PICTURE_MESSAGES.tooLarge);
      return;
    }
    setFile(chosen);
  };

  const onUpload = () => {
    if (!file || busy) return;
    setFileError(null);
    fake.start();
    upload.mutate(file, {
      onSuccess: () => {
        fake.finish(true);
        setFile(null);
        if (fileInput.current) fileInput.current.value = '';
        toast.success('Profile picture updated');
      },
      onError: (cause) => {
        fake.finish(false);
        setFileError(pictureError(cause, PICTURE_MESSAGES.uploadFailed));
      },
    });
  };

  const onSaveUrl = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = avatarUrlBodySchema.safeParse({ url });
    if (!parsed.success || busy) return;
    clearErrors();
    if (!/^https:\/\//i.test(parsed.data.url)) {
      setUrlError(PICTURE_MESSAGES.invalidUrl);
      return;
    }
    setUrlError(null);
    fromUrl.mutate(parsed.data, {
      onSuccess: () => {
        setUrl('');
        toast.success('Profile picture updated');
      },
      onError: (cause) =>
        setUrlError(
          isApiError(cause, 0)
            ? PICTURE_MESSAGES.validateUrlFailed
            : pictureError(cause, PICTURE_MESSAGES.updateFailed),
        ),
    });
  };

  const onRemove = () => {
    if (busy) return;
    clearErrors();
    remove.mutate(undefined, {
      onSuccess: () => {
        fake.reset();
        toast.success('Profile picture removed');
      },
      onError: () => setRemoveError(PICTURE_MESSAGES.removeFailed),
    });
  };

  return (
    <section aria-labelledby={`${fileLabelId}-title`} className="space-y-4">
      <h2 id={`${fileLabelId}-title`} className="text-[15px] font-semibold">
        Profile picture
      </h2>
      <div className="flex flex-wrap items-center gap-4">
        <Avatar name={user.name} email={user.email} src={user.image} size={64} />
        <div className="min-w-0 flex-1 space-y-2">
          <input
            ref={fileInput}
            type="file"
            accept={ACCEPT}
            aria-label="Picture file"
            className="sr-only"
            tabIndex={-1}
            onChange={(event) => choose(event.target.files?.[0])}
          />
          <div className="flex flex-wrap items-center gap-2">
            <Button variant="secondary" onClick={() => fileInput.current?.click()} disabled={busy}>
              Choose File
            </Button>
            <Button onClick={onUpload} disabled={!file || busy} pending={upload.isPending}>
              <ImageUp size={16} aria-hidden="true" />
              {upload.isPending ? 'Uploading...' : 'Upload'}
            </Button>
            {user.image && (
              <Button variant="ghost" onClick={onRemove} disabled={busy} pending={remove.isPending}>
                <Trash2 size={16} aria-hidden="true" />
                {remove.isPending ? 'Removing...' : 'Remove picture'}
              </Button>
            )}
          </div>
          <p id={fileLabelId} className="truncate text-xs text-muted" aria-live="polite">
            {file ? file.name : 'No file chosen'}
          </p>
          {fake.progress !== null && (
            <div
              role="progressbar"
              aria-label="Upload progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={fake.progress}
              className="h-1.5 w-full overflow-hidden rounded-full bg-surface"
            >
              <div
                className="h-full rounded-full bg-accent transition-[width] duration-200"
                style={{ width: `${fake.progress}%` }}
              />
            </div>
          )}
          {fileError && (
            <p role="alert" className="text-xs text-danger">
              {fileError}
            </p>
          )}
          {removeError && (
            <p role="alert" className="text-xs text-danger">
              {removeError}
            </p>
          )}
        </div>
      </div>

      <form onSubmit={onSaveUrl} noValidate>
        <Field label="Image URL" error={urlError} hint="An https:// address of a picture; we keep a copy.">
          {(control) => (
            <div className="flex gap-2">
              <Input
                {...control}
                type="url"
                inputMode="url"
                placeholder="https://"
                value={url}
                onChange={(event) => {
                  setUrl(event.target.value);
                  setUrlError(null);
                  setFileError(null);
                }}
              />
              {/* docs/product.md §5: Save is disabled while the field is empty. */}
              <Button type="submit" disabled={url.trim() === '' || busy} pending={fromUrl.isPending}>
                {fromUrl.isPending ? 'Saving...' : 'Save'}
              </Button>
            </div>
          )}
        </Field>
      </form>
    </section>
  );
}
