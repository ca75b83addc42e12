import { MAX_PROJECT_DESCRIPTION_LENGTH, MAX_PROJECT_NAME_LENGTH, type ProjectColor } from '@notewise/shared';
import { useId } from 'react';
import { ColorPicker } from '@/components/ui/color-picker';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

export interface ProjectFieldValues {
  name: string;
  description: string;
  color: ProjectColor;
}

interface ProjectFieldsProps {
  name: string;
  description: string;
  /** Without it there is no colour picker (Project Actions saves the colour on its own, at once). */
  color?: ProjectColor;
  onChange: (changes: Partial<ProjectFieldValues>) => void;
  namePlaceholder?: string;
  descriptionPlaceholder: string;
  /** A new project may go without one; an existing one shows what it has. */
  descriptionOptional?: boolean;
  autoFocus?: boolean;
}

/**
 * A project's own fields (docs/product.md §2, §4, §5): name, description and colour, with the server's length
 * limits. One form for New Project, Create Shared Project and Project Actions; each dialog keeps its
 * own submit rule and buttons.
 */
export function ProjectFields({
  name,
  description,
  color,
  onChange,
  namePlaceholder,
  descriptionPlaceholder,
  descriptionOptional = false,
  autoFocus = false,
}: ProjectFieldsProps) {
  const colorLabelId = useId();
  return (
    <>
      <Field label="Name">
        {(control) => (
          <Input
            {...control}
            value={name}
            onChange={(event) => onChange({ name: event.target.value })}
            maxLength={MAX_PROJECT_NAME_LENGTH}
            placeholder={namePlaceholder}
            autoComplete="off"
            autoFocus={autoFocus}
          />
        )}
      </Field>
      <Field label={descriptionOptional ? 'Description (optional)' : 'Description'}>
        {(control) => (
          <Textarea
            {...control}
            value={description}
            onChange={(event) => onChange({ description: event.target.value })}
            maxLength={MAX_PROJECT_DESCRIPTION_LENGTH}
            rows={2}
            placeholder={descriptionPlaceholder}
          />
        )}
      </Field>
      {color !== undefined && (
        <div className="space-y-1.5">
          <p id={colorLabelId} className="text-[13px] font-medium">
            Color
          </p>
          <ColorPicker
            value={color}
            onChange={(next) => onChange({ color: next })}
            labelledBy={colorLabelId}
            className="-ml-1.5"
          />
        </div>
      )}
    </>
  );
}

/** The body of a create request: the trimmed name, the colour, and the description only if given. */
export function newProjectBody({ name, description, color }: ProjectFieldValues): {
  name: string;
  color: ProjectColor;
  description?: string;
} {
  return { name: name.trim(), color, ...(description.trim() ? { description: description.trim() } : {}) };
}
