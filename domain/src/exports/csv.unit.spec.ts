import { describe, expect, it } from 'vitest';
import { csvLine, csvText, fromCsvText, parseCsv, type CsvRow } from './csv';

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

  it('reads any text as the reader that took it character by character did', () => {
    /** The reader as it was: each cell built up one character at a time. */
    function byCharacter(text: string): CsvRow[] {
      const rows: CsvRow[] = [];
      let [cells, cell, quoted, line, rowLine] = [[] as string[], '', false, 1, 1];
      const endRow = () => {
        cells.push(cell);
        if (cells.length > 1 || cells[0] !== '') rows.push({ line: rowLine, cells });
        [cells, cell] = [[], ''];
      };
      for (let i = text.charCodeAt(0) === 0xfeff ? 1 : 0; i < text.length; i++) {
        const char = text[i]!;
        if (quoted) {
          if (char === '"' && text[i + 1] === '"') [cell, i] = [`${cell}"`, i + 1];
          else if (char === '"') quoted = false;
          else [cell, line] = [cell + char, char === '\n' ? line + 1 : line];
        } else if (char === '"' && cell === '') quoted = true;
        else if (char === ',') [cells, cell] = [[...cells, cell], ''];
        else if (char === '\n' || char === '\r') {
          if (char === '\r' && text[i + 1] === '\n') i++;
          endRow();
          [line, rowLine] = [line + 1, line + 1];
        } else cell += char;
      }
      if (quoted) throw new Error(`Line ${rowLine}: a quoted field is not closed`);
      if (cell !== '' || cells.length > 0) endRow();
      return rows;
    }
    let seed = 5;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % below;
    };
    const alphabet = ['a', 'bc', ',', '"', '""', '\n', '\r', '\r\n', ' ', '\uFEFF'];
    for (let round = 0; round < 2_000; round++) {
      const text = Array.from({ length: random(30) }, () => alphabet[random(alphabet.length)]).join('');
      let expected: CsvRow[] | string;
      try {
        expected = byCharacter(text);
      } catch (error) {
        expected = (error as Error).message;
      }
      if (typeof expected === 'string') expect(() => parseCsv(text)).toThrow(expected);
      else expect(parseCsv(text)).toEqual(expected);
    }
  });

  it('writes text a spreadsheet would run as a formula with an apostrophe, and reads exactly that apostrophe back off', () => {
    for (const note of ['=SUM(A1)', '+1', '-2', '@home', "'quoted", "'=x", 'plain', '']) {
      expect(fromCsvText(csvText(note))).toBe(note);
    }
    expect(csvText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(csvText('plain')).toBe('plain');
  });
});
