import { useState } from 'react';
import { Button } from '../../../components/button.tsx';
import { Dialog } from '../../../components/dialog.tsx';
import { ResearchChoice, ResearchDisclosure } from './research-consent.tsx';
import { useT } from '../../../lib/i18n/i18n-store.ts';

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
  const t = useT();

  return (
    // Escape does nothing: declining signs the user out, which must take a deliberate Cancel,
    // and the form behind cannot be used without consent anyway.
    <Dialog open={open} onClose={ignoreEscape} title={t('consent.title')} className="consent-dialog">
      <div className="consent-sections">
        <section>
          <h3>{t('consent.authorityTitle')}</h3>
          <p>{t('consent.authority')}</p>
        </section>
        <section>
          <h3>{t('consent.storageTitle')}</h3>
          <p>{t('consent.storage')}</p>
        </section>
        <section>
          <h3>{t('consent.privacyTitle')}</h3>
          <p>{t('consent.privacy')}</p>
        </section>
        <ResearchDisclosure />
        <section>
          <h3>{t('privacy.notAdviceTitle')}</h3>
          <p>{t('consent.notAdvice')}</p>
        </section>
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={agreed} onChange={(event) => setAgreed(event.target.checked)} />
        <span>{t('consent.agree')}</span>
      </label>
      <ResearchChoice checked={research} onChange={setResearch} />
      <div className="dialog-actions">
        <Button variant="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => onAccept(research)} disabled={!agreed}>
          {t('consent.accept')}
        </Button>
      </div>
    </Dialog>
  );
}
