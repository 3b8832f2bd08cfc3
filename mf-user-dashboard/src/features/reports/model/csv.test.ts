import { toCsv } from './csv';

test('quotes what needs quoting, defuses formulas and leaves nulls empty', () => {
  const csv = toCsv(
    [{ a: 'plain', b: 'with, comma', c: null }, { a: 'say "hi"', b: '=SUM(A1)', c: 3 }],
    [{ header: 'A', value: (r) => r.a }, { header: 'B', value: (r) => r.b }, { header: 'C', value: (r) => r.c }],
  );
  expect(csv).toBe('A,B,C\r\nplain,"with, comma",\r\n"say ""hi""",\'=SUM(A1),3\r\n');
  expect(toCsv([{ p: '+15551234567' }, { p: '+cmd' }], [{ header: 'P', value: (r) => r.p }])).toBe("P\r\n+15551234567\r\n'+cmd\r\n");
});
