import { type Me, updateMeBodySchema } from '@notewise/shared';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { errorMessage } from '@/lib/api';
import { formatDate } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useUpdateProfile } from '../api/update-profile';
import { AppearanceSection } from './appearance-section';
import { ProfilePictureSection } from './profile-picture-section';
import { SecuritySection } from './security-section';

export function ProfileTab({ user }: { user: Me }) {
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<string | null>(null);
  const update = useUpdateProfile();
  const trimmed = name.trim();
  // docs/product.md §5: Update is disabled when the name is empty or unchanged; the value is trimmed.
  const canUpdate = trimmed.length > 0 && trimmed !== user.name && !update.isPending;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canUpdate) return;
    const parsed = updateMeBodySchema.safeParse({ name: trimmed });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    update.mutate(parsed.data, {
      onSuccess: (me) => {
        setName(me.name);
        toast.success('Display name updated');
      },
      onError: (cause) => setError(errorMessage(cause)),
    });
  };

  return (
    <div className="space-y-6">
      <Card className="space-y-6">
        <ProfilePictureSection user={user} />

        <Field label="Email" hint="Your email address cannot be changed.">
          {(control) => <Input {...control} type="email" value={user.email} readOnly />}
        </Field>

        <form onSubmit={onSubmit} noValidate>
          <Field label="Display name" error={error}>
            {(control) => (
              <div className="flex gap-2">
                <Input
                  {...control}
                  name="name"
                  autoComplete="name"
                  value={name}
                  onChange={(event) => {
                    setName(event.target.value);
                    setError(null);
                  }}
                />
                <Button type="submit" disabled={!canUpdate} pending={update.isPending}>
                  {update.isPending ? 'Updating...' : 'Update'}
                </Button>
              </div>
            )}
          </Field>
        </form>

        <p className="text-sm text-muted">
          Member since <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
        </p>
      </Card>

      <SecuritySection />

      <AppearanceSection />
    </div>
  );
}
