import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ResearchChoice, ResearchDisclosure } from './research-consent.tsx';

type ConsentModalProps = {
  open: boolean;
  /** `research`: whether the parent also agreed to research, for the children they add now. */
  onAccept: (research: boolean) => void;
  onCancel: () => void;
};

const ignoreEscape = () => {};

/** The disclosure a parent agrees to before entering any child's details. */
export function ConsentModal({ open, onAccept, onCancel }: ConsentModalProps) {
  const [agreed, setAgreed] = useState(false);
  const [research, setResearch] = useState(false);

  return (
    // Escape does nothing: declining signs the user out, which must take a deliberate Cancel,
    // and the form behind cannot be used without consent anyway.
    <Dialog open={open} onClose={ignoreEscape} title="Before you begin" className="consent-dialog">
      <div className="consent-sections">
        <section>
          <h3>Parental authority</h3>
          <p>
            You confirm that you are the parent or legal guardian of the children you add, or that you have their
            parent&apos;s or guardian&apos;s permission to record their feedings and sleep.
          </p>
        </section>
        <section>
          <h3>Data storage</h3>
          <p>
            Nightlight stores your account, the child profiles you create and the feedings and sleep sessions you log,
            so that it can show you summaries, trends and insights. We do not sell your data or show you advertising.
          </p>
        </section>
        <section>
          <h3>Privacy protection</h3>
          <p>
            Nightlight is built with COPPA-aligned privacy by design. A child&apos;s name and birth date are stored
            encrypted with a key that belongs to your account. We recommend using initials or a nickname rather than
            your child&apos;s full name.
          </p>
        </section>
        <ResearchDisclosure />
        <section>
          <h3>Not medical advice</h3>
          <p>
            Nightlight is a tracking tool only. Its summaries, insights and feeding milestones are not medical advice.
            Always ask your pediatrician or another qualified health professional about your child&apos;s health,
            feeding or sleep.
          </p>
        </section>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <span>
          I have read and agree to the terms above, and I understand that Nightlight is for tracking only and does not
          give medical advice.
        </span>
      </label>
      <ResearchChoice checked={research} onChange={setResearch} />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => onAccept(research)} disabled={!agreed}>
          Accept &amp; Continue
        </Button>
      </div>
    </Dialog>
  );
}
