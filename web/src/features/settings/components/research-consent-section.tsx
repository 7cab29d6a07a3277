import { Link } from 'react-router-dom';
import { FormError } from '../../../components/form-error.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import type { Child } from '../../../types/api.ts';
import { useSetResearchConsent } from '../api/research-consent.ts';
import { childName } from './child-summary.tsx';

const ANSWER: Record<'true' | 'false' | 'null', string> = {
  true: 'Shared with research, anonymised.',
  false: 'Not shared with research.',
  null: 'Not shared with research: nobody has said yet.',
};

/**
 * Under each child in Settings: whether its anonymised data may go to research. A parent's to
 * change, at any time; a caregiver sees the answer.
 */
export function ResearchConsentSection({ child }: { child: Child }) {
  const setConsent = useSetResearchConsent();
  const name = childName(child);
  // While the answer is saved (and the child read again), the box shows the answer given.
  const shared = setConsent.isPending ? setConsent.variables.consent : child.researchConsent === true;

  return (
    <section className="research-consent-section" aria-label={`Research for ${name}`}>
      <h4 className="family-title">Research</h4>
      {child.role === 'parent' ? (
        <label className="checkbox">
          <input
            type="checkbox"
            checked={shared}
            disabled={setConsent.isPending}
            onChange={(event) => setConsent.mutate({ childId: child.id, consent: event.target.checked })}
          />
          <span>Share {name}&apos;s anonymised data for research into infant feeding and sleep</span>
        </label>
      ) : (
        <p>{ANSWER[String(child.researchConsent) as keyof typeof ANSWER]} A parent decides.</p>
      )}
      <FormError message={setConsent.error ? errorMessage(setConsent.error, 'Could not save your answer. Please try again.') : null} />
      <p className="form-note">
        No name, e-mail, note or exact birth date leaves, and dates are moved by a secret number of weeks. See the{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>
    </section>
  );
}
