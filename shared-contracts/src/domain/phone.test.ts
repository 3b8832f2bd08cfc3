import { isUsPhone, normalizePhoneA, normalizePhoneB } from './phone';

test('A keeps an existing +1', () => expect(normalizePhoneA('+1 (212) 555-0100')).toBe('+12125550100'));
test('B gives ten digits a +1', () => expect(normalizePhoneB(' (212) 555-0100 ')).toBe('+12125550100'));

describe('normalisation A: keep digits and plus, then +1 unless already +1', () => {
  test.each([
    ['2125550100', '+12125550100'],
    ['(212) 555-0100', '+12125550100'],
    ['+12125550100', '+12125550100'],
    ['+1 212.555.0100 ext', '+12125550100'],
    // A plus that is not +1 is kept, and +1 is still put in front: the rule as specified.
    ['+44 20 7946 0958', '+1+442079460958'],
    // Eleven digits starting with 1 but no plus do not start with "+1".
    ['12125550100', '+112125550100'],
    ['', '+1'],
    ['abc', '+1'],
  ])('%j → %j', (input, expected) => expect(normalizePhoneA(input)).toBe(expected));
});

describe('normalisation B: digits only; 10 → +1, 11 starting with 1 → +, else +, empty → empty', () => {
  test.each([
    ['2125550100', '+12125550100'],
    ['  212-555-0100  ', '+12125550100'],
    ['12125550100', '+12125550100'],
    ['+1 (212) 555-0100', '+12125550100'],
    // Eleven digits not starting with 1: only a plus is added.
    ['22125550100', '+22125550100'],
    ['442079460958', '+442079460958'],
    ['+442079460958', '+442079460958'],
    ['555', '+555'],
    ['', ''],
    ['   ', ''],
    ['abc', ''],
  ])('%j → %j', (input, expected) => expect(normalizePhoneB(input)).toBe(expected));
});

describe('isUsPhone', () => {
  test('+1 and ten digits only', () => {
    expect(isUsPhone('+12125550100')).toBe(true);
    expect(isUsPhone('12125550100')).toBe(false);
    expect(isUsPhone('+1212555010')).toBe(false);
    expect(isUsPhone('+121255501000')).toBe(false);
    expect(isUsPhone('+442079460958')).toBe(false);
  });
});
