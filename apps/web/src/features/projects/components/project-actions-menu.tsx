import { PROJECT_COLORS, type Project, type ProjectColor } from '@notewise/shared';
import { Download, MoreHorizontal, Palette, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ColorDot, colorLabel } from '@/components/ui/color-dot';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { useIsMobile } from '@/lib/use-media-query';
import { useDeleteProject } from '../api/delete-project';
import { useUpdateProject } from '../api/update-project';
import { DeleteProjectDialog } from './delete-project-dialog';

interface ProjectActionsMenuProps {
  project: Project;
  /** Starts renaming in place. */
  onEditName: () => void;
  className?: string;
}

/** The per-project menu (docs/product.md §2): Edit name, Color, Export as a Markdown zip, Delete (with confirmation). */
export function ProjectActionsMenu({ project, onEditName, className }: ProjectActionsMenuProps) {
  const [confirmDelete, setConfirmDelete] = useState(false);
  // Set when an item moves focus elsewhere (a dialog), so the closing menu does not take it back.
  const keepFocus = useRef(false);
  // Renaming starts once the menu has closed and let go of focus, so the name field keeps it.
  const editAfterClose = useRef(false);
  const update = useUpdateProject();
  const remove = useDeleteProject();
  const isMobile = useIsMobile();

  const colorChoices = (
    <DropdownMenuRadioGroup
      value={project.color}
      onValueChange={(color) => {
        if (color !== project.color)
          update.mutate({ id: project.id, changes: { color: color as ProjectColor } });
      }}
    >
      {PROJECT_COLORS.map((color) => (
        <DropdownMenuRadioItem key={color} value={color}>
          <ColorDot color={color} size={10} />
          {colorLabel(color)}
        </DropdownMenuRadioItem>
      ))}
    </DropdownMenuRadioGroup>
  );

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <IconButton
            label={`Project actions for ${project.name}`}
            icon={<MoreHorizontal size={16} aria-hidden="true" />}
            className={cn('data-[state=open]:bg-hover data-[state=open]:text-fg', className)}
          />
        </DropdownMenuTrigger>
        <DropdownMenuContent
          onCloseAutoFocus={(event) => {
            if (editAfterClose.current) {
              editAfterClose.current = false;
              event.preventDefault();
              onEditName();
            } else if (keepFocus.current) {
              keepFocus.current = false;
              event.preventDefault();
            }
          }}
        >
          <DropdownMenuItem
            onSelect={() => {
              editAfterClose.current = true;
            }}
          >
            <Pencil size={16} aria-hidden="true" />
            Edit name
          </DropdownMenuItem>
          {isMobile ? (
            // On a phone a submenu has no room beside the menu: the colours are listed in place.
            <>
              <DropdownMenuSeparator />
              <DropdownMenuLabel>Color</DropdownMenuLabel>
              {colorChoices}
            </>
          ) : (
            <DropdownMenuSub>
              <DropdownMenuSubTrigger>
                <Palette size={16} aria-hidden="true" />
                Color
              </DropdownMenuSubTrigger>
              <DropdownMenuSubContent>{colorChoices}</DropdownMenuSubContent>
            </DropdownMenuSub>
          )}
          <DropdownMenuItem
            onSelect={() => {
              void import('@/features/export-import/exports').then((module) => module.exportProject(project));
            }}
          >
            <Download size={16} aria-hidden="true" />
            Export (.zip)
          </DropdownMenuItem>
          <DropdownMenuItem
            onSelect={() => {
              void import('@/features/export-import/exports').then((module) =>
                module.exportProject(project, 'obsidian'),
              );
            }}
          >
            <Download size={16} aria-hidden="true" />
            Obsidian vault (.zip)
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem
            destructive
            onSelect={() => {
              keepFocus.current = true;
              setConfirmDelete(true);
            }}
          >
            <Trash2 size={16} aria-hidden="true" />
            Delete
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>

      <DeleteProjectDialog
        project={project}
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        onConfirm={({ moveNotesToInbox }) => {
          setConfirmDelete(false);
          remove.mutate({ ...project, moveNotesToInbox });
        }}
      />
    </>
  );
}
