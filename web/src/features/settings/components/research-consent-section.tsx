import { useState } from 'react';
import { Link } from 'react-router-dom';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Child } from '../../../types/api.ts';
import { useSetResearchConsent } from '../api/research-consent.ts';
import { childName } from './child-summary.tsx';
import { useT, type MessageKey } from '../../../lib/i18n/i18n-store.ts';

const ANSWER: Record<'true' | 'false' | 'null', MessageKey> = {
  true: 'research.shared',
  false: 'research.notShared',
  null: 'research.notAsked',
};

/**
 * Under each child in Settings: whether its anonymised data may go to research. A parent's to
 * change, at any time; a caregiver sees the answer.
 */
export function ResearchConsentSection({ child }: { child: Child }) {
  const setConsent = useSetResearchConsent();
  const name = childName(child);
  const t = useT();
  // From the click until the answer is saved (and the child read again), the box shows the answer
  // given: held here, since the mutation's own pending state only arrives with a later render.
  const [given, setGiven] = useState<boolean | null>(null);
  const shared = given ?? child.researchConsent === true;

  return (
    <section className="research-consent-section" aria-label={t('research.for', { name })}>
      <h4 className="family-title">{t('privacy.researchTitle')}</h4>
      {child.role === 'parent' ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={shared}
            disabled={setConsent.isPending}
            onChange={(event) => {
              setGiven(event.target.checked);
              setConsent.mutate({ childId: child.id, consent: event.target.checked }, { onSettled: () => setGiven(null) });
            }}
          />
          <span>{t('research.share', { name })}</span>
        </label>
      ) : (
        <p>{`${t(ANSWER[String(child.researchConsent) as keyof typeof ANSWER])} ${t('research.parentDecides')}`}</p>
      )}
      <FormError message={setConsent.error ? errorMessage(setConsent.error, t('research.failed')) : null} />
      <p className="form-note">
        {t('research.note', { privacy: <Link to="/privacy">{t('route.privacy')}</Link> })}
      </p>
    </section>
  );
}
