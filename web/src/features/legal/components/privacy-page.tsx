import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page.tsx';

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="1 June 2025">
      <p>
        Nightlight helps parents and caregivers log a baby&apos;s feedings and sleep. It is built to collect as little
        as it needs and to protect what it keeps. This policy explains what we store, why, and what happens when you
        leave.
      </p>

      <h2>What we store</h2>
      <ul>
        <li>
          <strong>Your account:</strong> your email address (stored encrypted), a one-way hash of your password
          (never the password itself), and whether you have finished setting up.
        </li>
        <li>
          <strong>Child profiles:</strong> a display name, a birth date, a sex (Female, Male or Unknown), a night-sleep
          window and a time zone.
        </li>
        <li>
          <strong>What you log:</strong> feedings (time, method, amount, duration, notes) and sleep sessions (start,
          end, sleep environment, notes).
        </li>
      </ul>
      <p>We do not collect your location, contacts, photos or advertising identifiers, and we do not sell data.</p>

      <h2>How a child&apos;s details are protected</h2>
      <p>
        A child&apos;s name and birth date are stored encrypted (AES-256) with a key that belongs to your account
        alone. We
        recommend initials or a nickname rather than a full name, so that even the encrypted value says little. Our
        approach follows the principles of the Children&apos;s Online Privacy Protection Act (COPPA): privacy by
        design, data minimisation and parental control.
      </p>

      <h2>Why we use it</h2>
      <p>
        To run the service for you: to show your dashboard, activity log, weekly trends and insights, and feeding
        milestone reminders based on a public pediatric feeding guide. And, only for a child you said yes for, for
        research (below).
      </p>

      <h2>Research</h2>
      <p>
        When you sign up we ask whether your child&apos;s data may be used for research into infant feeding and sleep,
        and you can change the answer for each child in Settings at any time. Nothing of a child is shared without a
        yes from a parent; children added before we asked are not shared until a parent says yes.
      </p>
      <p>
        What researchers receive is anonymised: no names, email addresses, notes or free text, no exact birth dates,
        no user or child ids and no time zones. Every date is moved by a secret number of weeks, amounts and measures
        are rounded so they do not tell which units you use, and warning-sign stool colours are left out. Researchers
        only receive the data of at least 20 children at once, and each child&apos;s latest days only after a delay
        that hides when they were logged.
      </p>

      <h2>Deleting your data</h2>
      <p>
        You can delete a child or your whole account at any time from Settings. Deleting your account destroys your
        account key, which makes the encrypted names and birth dates permanently unreadable, deletes your login
        credentials and signs you out on every device.
      </p>
      <p>
        Feedings and sleep sessions are kept afterwards in anonymised form for research into infant feeding and sleep,
        unless you said no to research for that child. The anonymised records contain no names, no email addresses
        and no exact birth dates, and cannot be linked back to you.
      </p>

      <h2>Not medical advice</h2>
      <p>
        Nightlight is for tracking only. Nothing it shows is medical advice; please talk to your pediatrician about
        your child&apos;s health.
      </p>

      <p>
        See also our <Link to="/terms">Terms of Service</Link>.
      </p>
    </LegalPage>
  );
}
