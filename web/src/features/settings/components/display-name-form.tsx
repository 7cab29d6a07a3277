import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/button.tsx';
import { FormError } from '../../../components/form-error.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { MEMBER_NAME_MAX_LENGTH } from '../../../config/constants.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useMe, useUpdateDisplayName } from '../api/display-name.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

/** The name families see beside what the user logs; an account from before names were asked has none yet. */
export function DisplayNameForm() {
  const me = useMe();
  const update = useUpdateDisplayName();
  const [draft, setDraft] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const t = useT();
  const value = draft ?? me.data?.displayName ?? '';

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Every member goes by a name: it may be changed, not taken away.
    if (value.trim() === '') return setMissing(true);
    update.mutate(value, { onSuccess: () => setDraft(null) });
  }

  return (
    <form className="display-name-form" onSubmit={handleSubmit}>
      <FormError message={update.isError ? errorMessage(update.error, t('settings.nameFailed')) : null} />
      <TextField
        label={t('settings.displayName')}
        name="displayName"
        maxLength={MEMBER_NAME_MAX_LENGTH}
        hint={t('settings.displayNameHint')}
        value={value}
        error={missing ? t('register.displayNameRequired') : undefined}
        onChange={(event) => {
          setMissing(false);
          setDraft(event.target.value);
        }}
      />
      {update.isSuccess && draft === null && (
        <p className="form-success" role="status">
          {t('settings.nameSaved')}
        </p>
      )}
      <Button type="submit" variant="secondary" disabled={update.isPending || draft === null}>
        {t('settings.saveName')}
      </Button>
    </form>
  );
}
