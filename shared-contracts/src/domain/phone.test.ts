import { normalizePhoneA, normalizePhoneB } from './phone';

test('A keeps an existing +1', () => expect(normalizePhoneA('+1 (212) 555-0100')).toBe('+12125550100'));
test('B gives ten digits a +1', () => expect(normalizePhoneB(' (212) 555-0100 ')).toBe('+12125550100'));
