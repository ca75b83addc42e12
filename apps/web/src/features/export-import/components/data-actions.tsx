import { Download, Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';

const ImportDialog = lazy(() => import('./import-dialog'));

/** Import and Export all, for the Projects page header. The dialog and the download code load on use. */
export function DataActions({ projectId }: { projectId?: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  // ?importJob=<id>: a finished background import's "View summary" opens the dialog on it.
  const jobId = searchParams.get('importJob');
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState<'zip' | 'vault' | null>(null);
  const open = importing || jobId !== null;
  const setOpen = (next: boolean) => {
    setImporting(next);
    if (!next && jobId !== null) {
      const rest = new URLSearchParams(searchParams);
      rest.delete('importJob');
      setSearchParams(rest, { replace: true });
    }
  };
  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Upload size={14} aria-hidden="true" />
        Import
      </Button>
      <Button
        variant="secondary"
        size="sm"
        pending={exporting === 'zip'}
        onClick={() => {
          setExporting('zip');
          void import('../exports')
            .then((module) => module.exportAccount())
            .finally(() => setExporting(null));
        }}
      >
        <Download size={14} aria-hidden="true" />
        Export all
      </Button>
      <Button
        variant="secondary"
        size="sm"
        pending={exporting === 'vault'}
        title="Export every note as an Obsidian vault: tags, [[links]] and pictures included"
        onClick={() => {
          setExporting('vault');
          void import('../exports')
            .then((module) => module.exportAccountVault())
            .finally(() => setExporting(null));
        }}
      >
        <Download size={14} aria-hidden="true" />
        {/* Four controls share a phone's header row: the short name there. */}
        <span className="sm:hidden">Vault</span>
        <span className="hidden sm:inline">Obsidian vault (.zip)</span>
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ImportDialog
            key={jobId ?? 'new'}
            open={open}
            onOpenChange={setOpen}
            {...(projectId ? { defaultProjectId: projectId } : {})}
            {...(jobId ? { jobId } : {})}
          />
        </Suspense>
      )}
    </>
  );
}
