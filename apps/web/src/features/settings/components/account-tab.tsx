import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { DataExportCard } from './data-export-card';
import { DeleteAccountDialog } from './delete-account-dialog';

/** Settings > Account: download all my data, delete my account (decision 055). */
export function AccountTab() {
  const [deleting, setDeleting] = useState(false);

  return (
    <div className="space-y-6">
      <DataExportCard />

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
