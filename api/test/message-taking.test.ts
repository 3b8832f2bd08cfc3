import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TRANSFER_TEXTS } from 'shared-contracts';
import { messageOf, messageStep, startMessage } from '../src/modules/voice-agent/session/message-taking';

test('a message from a caller with a callable caller ID asks the name and the reason, then is taken', () => {
  const first = messageStep(startMessage('The caller asked for a person.', '+15557654321'), 'It is Ada Lovelace');
  assert.equal(first.kind, 'ask');
  assert.equal(first.say, TRANSFER_TEXTS.askReason);
  const second = messageStep(first.kind === 'ask' ? first.draft : assert.fail(), 'My invoice shows the wrong amount');
  assert.deepEqual(second, {
    kind: 'taken', say: TRANSFER_TEXTS.messageTaken,
    message: { callerName: 'Ada Lovelace', phoneNumber: '+15557654321', reason: 'My invoice shows the wrong amount' },
  });
});

test('a caller without a callable caller ID is asked for the number, spoken as digits', () => {
  let step = messageStep(startMessage('Wants a person', 'Browser'), 'Grace');
  step = messageStep(step.kind === 'ask' ? step.draft : assert.fail(), 'a refund');
  assert.equal(step.say, TRANSFER_TEXTS.askNumber);
  step = messageStep(step.kind === 'ask' ? step.draft : assert.fail(), 'five five five, 123 4567... I mean 555 123 4567');
  assert.equal(step.kind, 'taken');
  // Not ten digits: kept as said, so a person can read it.
  assert.equal(step.kind === 'taken' && step.message.phoneNumber, 'five five five, 123 4567... I mean 555 123 4567');
  const spoken = messageStep({ ...startMessage('x', 'Browser'), asking: 'number', reason: 'r' }, '(555) 123-4567');
  assert.equal(spoken.kind === 'taken' && spoken.message.phoneNumber, '+15551234567');
});

test('a caller who hangs up part way leaves what they said, with the transfer reason for a reason', () => {
  const step = messageStep(startMessage('Billing question', '+15557654321'), 'Ada');
  assert.deepEqual(messageOf(step.kind === 'ask' ? step.draft : assert.fail()), { callerName: 'Ada', phoneNumber: '+15557654321', reason: 'Billing question' });
});
