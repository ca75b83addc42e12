import { JOIN_CODE_LENGTH } from '@notewise/shared';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { normalizeJoinCode } from '../lib/join-code';
import { FormActions, FormError } from './form-parts';

export interface JoinFormProps {
  code: string;
  error: string | null;
  onChange: (code: string) => void;
  onBack: () => void;
  onSubmit: () => void;
}

export function JoinForm({ code, error, onChange, onBack, onSubmit }: JoinFormProps) {
  const complete = code.length === JOIN_CODE_LENGTH;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (complete) onSubmit();
      }}
    >
      <Field label="Project code" hint="6 digits, e.g. 482913">
        {(control) => (
          <Input
            {...control}
            value={code}
            onChange={(event) => onChange(normalizeJoinCode(event.target.value))}
            // No maxLength: a pasted '123-456' must reach normalizeJoinCode whole.
            inputMode="numeric"
            autoComplete="off"
            spellCheck={false}
            placeholder="000000"
            aria-invalid={error ? true : undefined}
            className="h-12 text-center font-mono text-xl tracking-[0.4em] tabular-nums max-md:h-12 max-md:text-xl"
            autoFocus
            onFocus={(event) => event.currentTarget.select()}
          />
        )}
      </Field>
      <FormError error={error} />
      <FormActions submitLabel="Join" disabled={!complete} onBack={onBack} />
    </form>
  );
}
