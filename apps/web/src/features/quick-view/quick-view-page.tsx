import { FolderOpen, ListTree } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Group, Panel, Separator } from 'react-resizable-panels';
import { useBlocker } from 'react-router';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent } from '@/components/ui/sheet';
import { cn } from '@/lib/cn';
import { useProjects, useSharedProjects } from '@/lib/project-queries';
import { useMediaQuery } from '@/lib/use-media-query';
import { type NoteEditorControl, NoteEditorPane } from './components/note-editor-pane';
import { NotesColumn } from './components/notes-column';
import { ProjectsColumn, type QuickViewTab } from './components/projects-column';
import { UnsavedChangesDialog } from './components/unsaved-changes-dialog';
import { useColumnLayout } from './hooks/use-column-layout';
import { type ProjectRef, useQuickViewSelection } from './hooks/use-quick-view-selection';

/**
 * Three columns need 250 + 250 + 400 px (docs/product.md §9 minimums) beside the 56 px sidebar: below this
 * width Quick View uses the single-column layout with drawers (docs/product.md §2: always under 768 px).
 */
const WIDE_LAYOUT_QUERY = '(min-width: 960px)';

type Drawer = 'projects' | 'notes' | null;

/**
 * Quick View (docs/product.md §2): projects | notes | editor side by side in resizable columns, or one column
 * with drawers on small screens. The selection is in the URL; switching away from a note with
 * unsaved changes asks first ('Unsaved Changes').
 */
export function QuickViewPage() {
  const { selection, select } = useQuickViewSelection();
  const wide = useMediaQuery(WIDE_LAYOUT_QUERY);
  const controlRef = useRef<NoteEditorControl | null>(null);
  const personal = useProjects('personal');
  const shared = useSharedProjects();

  // A `project` link may name a shared project (one project model): show it under 'Shared'.
  const selectedProject = useMemo(() => {
    const id = selection.project?.id;
    if (!id) return null;
    const own = personal.data?.find((project) => project.id === id);
    if (own) return { kind: 'personal' as const, name: own.name };
    const joined = shared.data?.find((project) => project.id === id);
    if (joined) return { kind: 'shared' as const, name: joined.name };
    return null;
  }, [selection.project?.id, personal.data, shared.data]);

  const [tab, setTab] = useState<QuickViewTab>(selection.project?.kind === 'shared' ? 'shared' : 'projects');
  const shownKind = selectedProject?.kind;
  useEffect(() => {
    if (shownKind) setTab(shownKind === 'shared' ? 'shared' : 'projects');
  }, [shownKind]);

  const [drawer, setDrawer] = useState<Drawer>(null);
  if (wide && drawer !== null) setDrawer(null);

  // Switching away from unsaved changes: a selection change waits here; leaving the page is blocked.
  const [pending, setPending] = useState<(() => void) | null>(null);
  const [savingToContinue, setSavingToContinue] = useState(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && (controlRef.current?.isDirty() ?? false),
  );
  const guard = (run: () => void) => {
    if (controlRef.current?.isDirty()) {
      setDrawer(null);
      setPending(() => run);
    } else {
      run();
    }
  };
  const proceed = () => {
    if (pending) {
      setPending(null);
      pending();
    } else if (blocker.state === 'blocked') {
      blocker.proceed();
    }
  };
  const stay = () => {
    setPending(null);
    if (blocker.state === 'blocked') blocker.reset();
  };

  const selectProject = (project: ProjectRef) => {
    if (selection.project?.id === project.id) {
      if (!wide) setDrawer('notes');
      return;
    }
    // docs/product.md §4: a different project resets the editor (no note selected).
    guard(() => {
      select({ project, noteId: null });
      if (!wide) setDrawer('notes');
    });
  };
  const selectNote = (noteId: string) => {
    if (noteId === selection.noteId) {
      setDrawer(null);
      return;
    }
    guard(() => {
      select({ project: selection.project, noteId });
      setDrawer(null);
    });
  };

  const projectsColumn = (heading: boolean) => (
    <ProjectsColumn
      tab={tab}
      onTabChange={setTab}
      selected={selection.project}
      onSelect={selectProject}
      showHeading={heading}
    />
  );
  const notesColumn = (
    <NotesColumn
      project={selection.project}
      projectName={selectedProject?.name}
      selectedNoteId={selection.noteId}
      onSelect={selectNote}
    />
  );
  const editorPane = (
    <NoteEditorPane
      projectSelected={selection.project !== null}
      noteId={selection.noteId}
      controlRef={controlRef}
    />
  );

  return (
    <div className="flex h-[calc(100dvh-3.5rem)] min-h-0 flex-col md:h-dvh">
      {wide ? (
        <WideLayout projects={projectsColumn(true)} notes={notesColumn} editor={editorPane} />
      ) : (
        <>
          <h1 className="sr-only">Quick View</h1>
          <div className="flex h-12 shrink-0 items-center gap-1.5 border-b border-border px-2">
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setDrawer('projects')}
              // The visible project name is part of the name (voice control users say what they see).
              aria-label={selectedProject ? `Show projects (${selectedProject.name})` : 'Show projects'}
            >
              <FolderOpen size={16} aria-hidden="true" />
              <span className="max-w-32 truncate">{selectedProject?.name ?? 'Projects'}</span>
            </Button>
            <span aria-hidden="true" className="text-subtle">
              /
            </span>
            <Button variant="ghost" size="sm" onClick={() => setDrawer('notes')} aria-label="Show notes">
              <ListTree size={16} aria-hidden="true" />
              Notes
            </Button>
          </div>
          <div className="flex min-h-0 flex-1 flex-col">{editorPane}</div>
          <Sheet open={drawer === 'projects'} onOpenChange={(open) => setDrawer(open ? 'projects' : null)}>
            <SheetContent title="Projects" className="w-[min(22rem,calc(100vw-2rem))]">
              {projectsColumn(false)}
            </SheetContent>
          </Sheet>
          <Sheet open={drawer === 'notes'} onOpenChange={(open) => setDrawer(open ? 'notes' : null)}>
            <SheetContent title="Notes" className="w-[min(22rem,calc(100vw-2rem))]">
              {notesColumn}
            </SheetContent>
          </Sheet>
        </>
      )}

      <UnsavedChangesDialog
        open={pending !== null || blocker.state === 'blocked'}
        saving={savingToContinue}
        onCancel={stay}
        onDiscard={() => {
          controlRef.current?.revert();
          proceed();
        }}
        onSave={async () => {
          setSavingToContinue(true);
          const saved = (await controlRef.current?.save()) ?? true;
          setSavingToContinue(false);
          if (saved) proceed();
          else stay();
        }}
      />
    </div>
  );
}

function WideLayout({
  projects,
  notes,
  editor,
}: {
  projects: React.ReactNode;
  notes: React.ReactNode;
  editor: React.ReactNode;
}) {
  const layout = useColumnLayout('notewise.quick-view.columns');
  return (
    <Group
      id="quick-view-columns"
      orientation="horizontal"
      defaultLayout={layout.defaultLayout}
      onLayoutChanged={layout.onLayoutChanged}
      className="min-h-0 flex-1"
    >
      <Panel id="projects" minSize="250px" defaultSize="320px" className="h-full bg-surface">
        {projects}
      </Panel>
      <ColumnSeparator label="Resize projects column" />
      <Panel id="notes" minSize="250px" defaultSize="320px" className="h-full">
        {notes}
      </Panel>
      <ColumnSeparator label="Resize notes column" />
      <Panel id="editor" minSize="400px" className="h-full">
        {editor}
      </Panel>
    </Group>
  );
}

function ColumnSeparator({ label }: { label: string }) {
  return (
    <Separator
      aria-label={label}
      className={cn(
        'w-px bg-border transition-colors duration-150 outline-none',
        'data-[separator=hover]:bg-accent data-[separator=active]:bg-accent data-[separator=focus]:bg-accent',
      )}
    />
  );
}
