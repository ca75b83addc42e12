import { PROJECT_TEMPLATE_IDS, PROJECT_TEMPLATES, type ProjectTemplateId } from '@notewise/shared';
import { RadioGroup } from 'radix-ui';
import { useId, useState } from 'react';
import { newProjectBody, ProjectFields, type ProjectFieldValues } from '@/components/project-fields';
import { Button } from '@/components/ui/button';
import { ColorDot } from '@/components/ui/color-dot';
import { Dialog, DialogClose, DialogContent } from '@/components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { useCreateProjectsFromTemplate } from '../api/create-from-template';
import { useCreateProject } from '../api/create-project';

interface NewProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Create one custom project, or a whole set from a template (docs/product.md §2 and §3). */
export function NewProjectDialog({ open, onOpenChange }: NewProjectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title="New Project"
        description="Start with a single project, or a ready-made set."
        className="max-w-lg"
      >
        {/* Mounted only while open, so each opening starts from a clean form. */}
        {open && (
          <Tabs defaultValue="custom">
            <TabsList className="w-full">
              <TabsTrigger value="custom" className="flex-1 justify-center">
                Custom
              </TabsTrigger>
              <TabsTrigger value="template" className="flex-1 justify-center">
                Template
              </TabsTrigger>
            </TabsList>
            <TabsContent value="custom" className="mt-5">
              <CustomProjectForm onDone={() => onOpenChange(false)} />
            </TabsContent>
            <TabsContent value="template" className="mt-5">
              <TemplateForm onDone={() => onOpenChange(false)} />
            </TabsContent>
          </Tabs>
        )}
      </DialogContent>
    </Dialog>
  );
}

function FormActions({
  submitLabel,
  pendingLabel,
  disabled,
  pending,
}: {
  submitLabel: string;
  pendingLabel: string;
  disabled: boolean;
  pending: boolean;
}) {
  return (
    <div className="flex flex-col-reverse gap-2 pt-1 sm:flex-row sm:justify-end">
      <DialogClose asChild>
        <Button variant="secondary">Cancel</Button>
      </DialogClose>
      <Button type="submit" disabled={disabled} pending={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
    </div>
  );
}

function CustomProjectForm({ onDone }: { onDone: () => void }) {
  const [fields, setFields] = useState<ProjectFieldValues>({ name: '', description: '', color: 'blue' });
  const create = useCreateProject();
  const trimmed = fields.name.trim();

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || create.isPending) return;
        create.mutate(newProjectBody(fields), {
          onSuccess: (project) => {
            toast.success(`Created "${project.name}"`);
            onDone();
          },
        });
      }}
    >
      <ProjectFields
        {...fields}
        onChange={(changes) => setFields((current) => ({ ...current, ...changes }))}
        namePlaceholder="e.g. Biology 101"
        descriptionPlaceholder="What goes in this project?"
        descriptionOptional
        autoFocus
      />
      {create.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(create.error)}
        </p>
      )}
      <FormActions
        submitLabel="Create Project"
        pendingLabel="Creating..."
        disabled={!trimmed}
        pending={create.isPending}
      />
    </form>
  );
}

function TemplateForm({ onDone }: { onDone: () => void }) {
  const [template, setTemplate] = useState<ProjectTemplateId | ''>('');
  const labelId = useId();
  const create = useCreateProjectsFromTemplate();

  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!template || create.isPending) return;
        create.mutate(template, {
          onSuccess: ({ projects }) => {
            toast.success(`Created ${projects.length} projects from ${PROJECT_TEMPLATES[template].label}`);
            onDone();
          },
        });
      }}
    >
      <p id={labelId} className="sr-only">
        Template
      </p>
      <RadioGroup.Root
        value={template}
        onValueChange={(value) => setTemplate(value as ProjectTemplateId)}
        aria-labelledby={labelId}
        className="space-y-2"
      >
        {PROJECT_TEMPLATE_IDS.map((id) => {
          const { label, projects } = PROJECT_TEMPLATES[id];
          return (
            <RadioGroup.Item
              key={id}
              value={id}
              aria-label={label}
              aria-describedby={`${labelId}-${id}`}
              className={cn(
                'block w-full rounded-card border border-border p-3.5 text-left transition-colors',
                'hover:bg-hover data-[state=checked]:border-accent data-[state=checked]:bg-accent-soft',
              )}
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="font-medium">{label}</span>
                <span className="text-xs text-subtle">{projects.length} projects</span>
              </span>
              <span id={`${labelId}-${id}`} className="mt-2 flex flex-wrap gap-x-3 gap-y-1.5">
                {projects.map((project) => (
                  <span key={project.name} className="inline-flex items-center gap-1.5 text-xs text-muted">
                    <ColorDot color={project.color} size={8} />
                    {project.name}
                  </span>
                ))}
              </span>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>
      {create.isError && (
        <p role="alert" className="text-sm text-danger">
          {errorMessage(create.error)}
        </p>
      )}
      <FormActions
        submitLabel={
          template ? `Create ${PROJECT_TEMPLATES[template].projects.length} Projects` : 'Create Projects'
        }
        pendingLabel="Creating..."
        disabled={!template}
        pending={create.isPending}
      />
    </form>
  );
}
