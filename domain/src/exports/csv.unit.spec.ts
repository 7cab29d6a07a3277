import { describe, expect, it } from 'vitest';
import { csvLine, csvText, fromCsvText, parseCsv } from './csv';

describe('CSV', () => {
  it('quotes what needs quoting and reads it back: commas, doubled quotes, line breaks', () => {
    const values = ['plain', 'a, b', 'she said "yes"', 'one\ntwo', ''];
    const text = csvLine(values) + csvLine(['x']);
    expect(text).toBe('plain,"a, b","she said ""yes""","one\ntwo",\r\nx\r\n');
    expect(parseCsv(text)).toEqual([
      { line: 1, cells: values },
      { line: 3, cells: ['x'] },
    ]);
  });

  it('reads LF and CRLF lines, skips a byte-order mark and blank lines, and refuses an open quote', () => {
    expect(parseCsv('\uFEFFa,b\n\n1,2\r\n3,4')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 3, cells: ['1', '2'] },
      { line: 4, cells: ['3', '4'] },
    ]);
    expect(() => parseCsv('a\n"open')).toThrow('Line 2: a quoted field is not closed');
  });

  it('writes text a spreadsheet would run as a formula with an apostrophe, and reads exactly that apostrophe back off', () => {
    for (const note of ['=SUM(A1)', '+1', '-2', '@home', "'quoted", "'=x", 'plain', '']) {
      expect(fromCsvText(csvText(note))).toBe(note);
    }
    expect(csvText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvText('plain')).toBe('plain');
  });
});
