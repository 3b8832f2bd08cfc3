import { asksForPerson } from './call-transfer';

test.each([
  'a person', 'A person, please.', 'operator', 'Representative!', 'an agent', 'a human', 'human', 'uh, someone please',
  'I want to speak to a person', 'Can I talk to a real person?', 'let me speak with an operator', 'transfer me to a human please',
  'just a person', 'I need a representative',
])('"%s" asks for a person', (text) => {
  expect(asksForPerson(text)).toBe(true);
});

test.each([
  "I'm the person who called yesterday", 'My agent told me to call', 'Is the human resources office open?',
  'I would like to book an appointment', 'someone broke my window', 'the operator of the crane is here', '',
])('"%s" does not', (text) => {
  expect(asksForPerson(text)).toBe(false);
});

test('a long turn is never read as a request for a person', () => {
  expect(asksForPerson(`${'I have a question about my bill. '.repeat(10)}`)).toBe(false);
});
