import { US_STATE_CODES } from './us-states';

// The spec's list is the 50 states plus DC and seven territories: 58 codes, all unique.
test('58 unique two-letter codes: 50 states + DC + 7 territories', () => {
  expect(US_STATE_CODES).toHaveLength(58);
  expect(new Set(US_STATE_CODES).size).toBe(58);
  for (const code of US_STATE_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
});

test('DC and the territories AS, FM, GU, MH, MP, PW, VI are included', () => {
  for (const code of ['DC', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'VI']) expect(US_STATE_CODES).toContain(code);
});

test('the 50 states are included, and nothing else', () => {
  const states = US_STATE_CODES.filter((c) => !['DC', 'AS', 'FM', 'GU', 'MH', 'MP', 'PW', 'VI'].includes(c));
  expect(states).toHaveLength(50);
  for (const code of ['AL', 'AK', 'CA', 'NY', 'TX', 'WY', 'HI']) expect(states).toContain(code);
  expect(US_STATE_CODES).not.toContain('PR');
});
