import { MESSAGES } from '@notewise/shared';
import { ApiError, apiErrorFrom, errorMessage } from '@/lib/api';
import { toast } from '@/lib/toast';
import { formatBytes } from './format-bytes';

/**
 * Exports download through fetch so a refusal shows its message instead of a browser error page,
 * and a zip (streamed by the server without a length) shows how much has arrived so far. Decision 025.
 */

/** `filename*` (RFC 5987) first, then the plain `filename`. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended);
    } catch {
      // Fall through to the plain name.
    }
  }
  return /filename="([^"]+)"/i.exec(disposition)?.[1] ?? fallback;
}

async function errorOf(response: Response): Promise<ApiError> {
  // Not JSON: the generic text.
  const body: unknown = await response.json().catch(() => null);
  return apiErrorFrom(response.status, body, body === null ? MESSAGES.unexpected : undefined);
}

function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

interface DownloadOptions {
  /** What the progress toast calls the download, e.g. 'Exporting "Plan" as PDF'. */
  label: string;
  fallbackName: string;
}

/** Downloads `url` to a file, with a progress toast (bytes received; a bar when the size is known). */
export async function downloadFile(url: string, { label, fallbackName }: DownloadOptions): Promise<boolean> {
  const id = toast.loading(`${label}...`);
  try {
    let response: Response;
    try {
      response = await fetch(url, { credentials: 'same-origin' });
    } catch {
      throw new ApiError(0, 'NETWORK_ERROR', MESSAGES.networkFailed);
    }
    if (!response.ok) throw await errorOf(response);
    const total = Number(response.headers.get('content-length')) || 0;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let received = 0;
    const reader = response.body?.getReader();
    let lastShown = 0;
    while (reader) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      const now = performance.now();
      if (now - lastShown > 200) {
        lastShown = now;
        const progress = total ? ` ${Math.round((received / total) * 100)}%` : ` ${formatBytes(received)}`;
        toast.loading(`${label}...${progress}`, { id });
      }
    }
    const type = response.headers.get('content-type') ?? 'application/octet-stream';
    const fileName = fileNameFrom(response.headers.get('content-disposition'), fallbackName);
    save(new Blob(chunks, { type }), fileName);
    toast.success(`Downloaded ${fileName}`, { id, description: formatBytes(received) });
    return true;
  } catch (error) {
    toast.error(errorMessage(error), { id });
    return false;
  }
}
