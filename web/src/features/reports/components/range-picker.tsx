import { ChoiceGroup } from '../../../components/choice-group.tsx';
import { TextField } from '../../../components/text-field.tsx';
import { RANGE_CHOICES, RANGE_LABELS, type DateRange, type RangeChoice } from '../lib/report-range.ts';
import { useT } from '../../../lib/i18n/i18n-store.ts';

type RangePickerProps = {
  choice: RangeChoice;
  onChoice: (choice: RangeChoice) => void;
  custom: DateRange;
  onCustom: (range: DateRange) => void;
  /** What is wrong with the custom range, shown on the field to correct. */
  problem: { field: 'from' | 'to'; message: string } | null;
  /** The child's local date today: no report reaches past it. */
  today: string;
};

/** The range of the report: the last 7, 14 or 30 whole days, or two dates of the parent's choice. */
export function RangePicker({ choice, onChoice, custom, onCustom, problem, today }: RangePickerProps) {
  const t = useT();
  return (
    <div className="report-range">
      <ChoiceGroup legend={t('report.range')} name="report-range" options={RANGE_CHOICES} labelOf={(option) => t(RANGE_LABELS[option])} value={choice} onChange={onChoice} />
      {choice === 'Custom' && (
        <div className="report-custom-range">
          <TextField
            label={t('report.from')}
            type="date"
            value={custom.from}
            max={today}
            onChange={(event) => onCustom({ ...custom, from: event.target.value })}
            error={problem?.field === 'from' ? problem.message : undefined}
          />
          <TextField
            label={t('report.to')}
            type="date"
            value={custom.to}
            max={today}
            onChange={(event) => onCustom({ ...custom, to: event.target.value })}
            error={problem?.field === 'to' ? problem.message : undefined}
          />
        </div>
      )}
    </div>
  );
}
