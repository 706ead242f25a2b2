import { describe, expect, test } from 'vitest';
import { csvCell, csvLine } from '../../src/server/lib/csv';

describe('csv cells', () => {
  test.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['=1+2', "'=1+2"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    // Full-width forms, which some spreadsheets read as their ASCII twins.
    ['＝1+2', "'＝1+2"],
    ['＋1', "'＋1"],
    ['－1', "'－1"],
    ['＠SUM(A1)', "'＠SUM(A1)"],
    ['=a,b', `"'=a,b"`],
    ['', ''],
  ])('%j becomes %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  test('a line ends with CRLF', () => {
    expect(csvLine(['a', 'b c'])).toBe('a,b c\r\n');
  });
});
