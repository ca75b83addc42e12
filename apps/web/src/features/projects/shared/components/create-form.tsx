import { ProjectFields, type ProjectFieldValues } from '@/components/project-fields';
import { FormActions, FormError } from './form-parts';

export interface CreateFormProps {
  fields: ProjectFieldValues;
  error: string | null;
  onChange: (changes: Partial<ProjectFieldValues>) => void;
  onBack: () => void;
  onSubmit: () => void;
}

/** Create a shared project: its name (required), description and colour. */
export function CreateForm({ fields, error, onChange, onBack, onSubmit }: CreateFormProps) {
  const canSubmit = fields.name.trim().length > 0;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (canSubmit) onSubmit();
      }}
    >
      <ProjectFields
        name={fields.name}
        description={fields.description}
        color={fields.color}
        onChange={onChange}
        namePlaceholder="e.g. Study group"
        descriptionPlaceholder="What is this project for?"
        descriptionOptional
        autoFocus
      />
      <FormError error={error} />
      <FormActions submitLabel="Create Project" disabled={!canSubmit} onBack={onBack} />
    </form>
  );
}
