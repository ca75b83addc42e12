import { Download, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button } from '@/components/ui/button';

const ImportDialog = lazy(() => import('./import-dialog'));

/** Import and Export all, for the Projects page header. The dialog and the download code load on use. */
export function DataActions({ projectId }: { projectId?: string }) {
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setImporting(true)}>
        <Upload size={14} aria-hidden="true" />
        Import
      </Button>
      <Button
        variant="secondary"
        size="sm"
        pending={exporting}
        onClick={() => {
          setExporting(true);
          void import('../exports')
            .then((module) => module.exportAccount())
            .finally(() => setExporting(false));
        }}
      >
        <Download size={14} aria-hidden="true" />
        Export all
      </Button>
      {importing && (
        <Suspense fallback={null}>
          <ImportDialog
            open={importing}
            onOpenChange={setImporting}
            {...(projectId ? { defaultProjectId: projectId } : {})}
          />
        </Suspense>
      )}
    </>
  );
}
