import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page.tsx';

export function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="1 June 2025">
      <p>By creating a Nightlight account you agree to these terms.</p>

      <h2>Who may use Nightlight</h2>
      <p>
        Nightlight is for adults who are the parent or legal guardian of the children they add, or who have the
        permission of that parent or guardian. Accounts are by invitation: registration needs a referral code.
      </p>

      <h2>Tracking only, not medical advice</h2>
      <p>
        Nightlight records what you enter and summarises it. Its summaries, trends, insights and feeding milestones
        are general information, not medical advice, diagnosis or treatment. Always ask your pediatrician or another
        qualified health professional about feeding, sleep or any concern about your child. In an emergency, call your
        local emergency number.
      </p>

      <h2>Your account</h2>
      <p>
        Keep your password to yourself and tell us if you think someone else has used your account. You are
        responsible for what is logged through it.
      </p>

      <h2>Your data</h2>
      <p>
        What you log remains yours. We store and use it as described in our <Link to="/privacy">Privacy Policy</Link>.
        If you delete your account, your credentials and your account key are destroyed, and feedings and sleep
        sessions are kept only in anonymised form, without names, email addresses or exact birth dates, for research.
      </p>

      <h2>Availability</h2>
      <p>
        We work to keep Nightlight available and your records safe, but the service is provided as is, and we may
        change or end features with notice.
      </p>

      <h2>Changes to these terms</h2>
      <p>If we change these terms we will tell you in the app before the change takes effect.</p>
    </LegalPage>
  );
}
