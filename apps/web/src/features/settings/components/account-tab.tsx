import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Settings > Account: download all my data, delete my account (decision 055). */
export function AccountTab() {
  const [downloading, setDownloading] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      // The download code is its own chunk; its toast shows the bytes received and any error.
      const { exportAccountData } = await import('@/features/export-import/exports');
      await exportAccountData();
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="space-y-6">
      <Card className="space-y-4" aria-labelledby="data-heading">
        <div>
          <h2 id="data-heading" className="text-[15px] font-semibold">
            Download all my data
          </h2>
          <p className="mt-1 text-sm text-muted">
            One .zip with every note of your projects and the shared projects you belong to (Markdown, a
            folder per project), the pictures in them, your profile picture and your account details.
          </p>
        </div>
        <Button variant="secondary" onClick={() => void download()} pending={downloading}>
          <Download size={16} aria-hidden="true" />
          {downloading ? 'Preparing your data...' : 'Download all my data'}
        </Button>
        <p role="status" className="sr-only">
          {downloading ? 'Preparing your data' : ''}
        </p>
      </Card>

      <Card className="space-y-4 border-danger/40" aria-labelledby="delete-heading">
        <div>
          <h2 id="delete-heading" className="text-[15px] font-semibold">
            Delete my account
          </h2>
          <p className="mt-1 text-sm text-muted">
            Deletes your account, your projects and their notes, pictures and history for good, and signs you
            out everywhere. You will see exactly what goes before you confirm.
          </p>
        </div>
        <Button variant="danger" onClick={() => setDeleting(true)}>
          <Trash2 size={16} aria-hidden="true" />
          Delete my account...
        </Button>
      </Card>
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} />
    </div>
  );
}
