import { describe, expect, it } from 'vitest';
import { localizedRefusal, withTextsIn } from './localized-answers';

describe("an answer in the reader's language", () => {
  const answer = {
    milestone: { label: '2 months', details: ['Solid foods start alongside formula.', 'A line no catalog has'], source: 'CDC, "How Much and How Often to Feed Infant Formula"' },
    weekly: [{ note: 'Normal day', label: 'Newborn' }],
  };

  it('says the named fields, and each text of a named list, in the language; other fields and unknown texts stay as they are', () => {
    expect(withTextsIn(answer, 'de', new Set(['label', 'details']))).toEqual({
      milestone: { label: '2 Monate', details: ['Die Beikost beginnt neben der Säuglingsnahrung.', 'A line no catalog has'], source: answer.milestone.source },
      weekly: [{ note: 'Normal day', label: 'Neugeboren' }],
    });
    expect(withTextsIn(answer, 'en', new Set(['label', 'details']))).toBe(answer);
  });

  it("gives a refusal and each of its issues the reader's words and the code they have in every language", () => {
    const refusal = { message: 'Child not found' };
    expect(localizedRefusal(refusal, 404, 'fr')).toEqual({ message: 'Enfant introuvable', code: 'child.notFound' });
    expect(localizedRefusal({ message: 'Not a text of ours', issues: [{ path: 'x', message: 'Not a text of ours' }] }, 400, 'es')).toEqual({
      message: 'Not a text of ours',
      code: 'http.400',
      issues: [{ path: 'x', message: 'Not a text of ours', code: 'http.400' }],
    });
  });
});
