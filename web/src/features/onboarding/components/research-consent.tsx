/** What the consent dialog says about research, and the optional answer it asks for. */
export function ResearchDisclosure() {
  return (
    <section>
      <h3>Research (optional)</h3>
      <p>
        With your agreement, what you log for a child (feedings, sleep, diapers, pumping and growth) may be shared with
        researchers studying infant feeding and sleep, anonymised: no names, e-mail addresses, notes or exact birth
        dates, and every date moved by a secret number of weeks. Nothing is shared without a yes, and you can change
        your answer for each child in Settings at any time. If you delete your account, your children&apos;s data is kept
        in this anonymised form for research, unless you said no.
      </p>
    </section>
  );
}

type ResearchChoiceProps = { checked: boolean; onChange: (checked: boolean) => void };

export function ResearchChoice({ checked, onChange }: ResearchChoiceProps) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>Share my child&apos;s anonymised data for research (optional)</span>
    </label>
  );
}
